import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../filters/draft.ts';
import { MULTI_SELECT, useAutocompleteTexts } from '../filters/useAutocompleteTexts.ts';
import { alarmLabel, eventTypeLabel } from './eventDetail.ts';
import { ALARM_KINDS, EVENT_TYPES } from './eventKinds.ts';

interface EventsFilterFieldsProps {
  draft: Draft;
  change(patch: Partial<Draft>): void;
}

/** Event types and alarm kinds to keep; none chosen means all. Alarm kinds only matter with alarms. */
export function EventsFilterFields({ draft, change }: EventsFilterFieldsProps) {
  const { t, i18n } = useTranslation();
  const texts = useAutocompleteTexts();
  const alarmsApply = draft.types.length === 0 || draft.types.includes('alarm');
  return (
    <>
      <Autocomplete
        {...texts}
        {...MULTI_SELECT}
        size="small"
        sx={{ flex: '2 1 240px', minWidth: 0 }}
        options={EVENT_TYPES}
        getOptionLabel={(type) => eventTypeLabel(type, t, (key) => i18n.exists(key))}
        value={draft.types}
        onChange={(_, types) => change({ types, alarms: types.length === 0 || types.includes('alarm') ? draft.alarms : [] })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('reports.events.types')}
            placeholder={draft.types.length ? undefined : t('reports.events.allTypes')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      />
      {alarmsApply && (
        <Autocomplete
          {...texts}
          {...MULTI_SELECT}
          size="small"
          sx={{ flex: '1 1 200px', minWidth: 0 }}
          options={ALARM_KINDS}
          getOptionLabel={(kind) => alarmLabel(kind, t) ?? kind}
          value={draft.alarms}
          onChange={(_, alarms) => change({ alarms })}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('reports.events.alarms')}
              placeholder={draft.alarms.length ? undefined : t('reports.events.allAlarms')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        />
      )}
    </>
  );
}
