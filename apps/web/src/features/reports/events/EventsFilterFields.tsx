import { useTranslation } from 'react-i18next';
import type { Draft } from '../filters/draft.ts';
import { MultiSelectField } from '../filters/MultiSelectField.tsx';
import { alarmLabel, eventTypeLabel } from './eventDetail.ts';
import { ALARM_KINDS, EVENT_TYPES } from './eventKinds.ts';

interface EventsFilterFieldsProps {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
}

/** Event types and alarm kinds to keep; none chosen means all. Alarm kinds only matter with alarms. */
export function EventsFilterFields({ draft, change }: EventsFilterFieldsProps) {
  const { t, i18n } = useTranslation();
  const alarmsApply = draft.types.length === 0 || draft.types.includes('alarm');
  return (
    <>
      <MultiSelectField
        flex="2 1 240px"
        label={t('reports.events.types')}
        noneText={t('reports.events.allTypes')}
        options={EVENT_TYPES}
        optionLabel={(type) => eventTypeLabel(type, t, (key) => i18n.exists(key))}
        value={draft.types}
        onChange={(types) => change({ types, alarms: types.length === 0 || types.includes('alarm') ? draft.alarms : [] })}
      />
      {alarmsApply && (
        <MultiSelectField
          flex="1 1 200px"
          label={t('reports.events.alarms')}
          noneText={t('reports.events.allAlarms')}
          options={ALARM_KINDS}
          optionLabel={(kind) => alarmLabel(kind, t) ?? kind}
          value={draft.alarms}
          onChange={(alarms) => change({ alarms })}
        />
      )}
    </>
  );
}
