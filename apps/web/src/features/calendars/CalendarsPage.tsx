import { useTranslation } from 'react-i18next';
import { useFormats } from '../../state/formats.ts';
import { hourCycle } from '../../ui/formats.ts';
import { calendarsApi, type Calendar } from '../../api/entities.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import { buildICalendar, decodeCalendarData, defaultSchedule, encodeCalendarData, parseICalendar, type Schedule } from './ical.ts';
import { ScheduleEditor } from './ScheduleEditor.tsx';

const encode = (schedule: Schedule) => encodeCalendarData(buildICalendar(schedule, `${crypto.randomUUID()}@rastro`));

export default function CalendarsPage() {
  const { t } = useTranslation();
  const { locale, hour12 } = useFormats();
  const scheduleOf = (calendar: Calendar) => parseICalendar(decodeCalendarData(calendar.data));

  const summary = (calendar: Calendar) => {
    const schedule = scheduleOf(calendar);
    if (!schedule) return undefined;
    // a schedule's times are wall-clock times as its editor shows them, on the user's clock
    const time = (date: Date) => date.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short', ...hourCycle(hour12) });
    return `${t(`calendars.frequencies.${schedule.frequency}`)} · ${time(schedule.start)} – ${time(schedule.end)}`;
  };

  const description: EntityDescription<Calendar> = {
    area: 'calendars',
    title: t('calendars.title'),
    newTitle: t('calendars.new'),
    editTitle: t('calendars.edit'),
    api: calendarsApi,
    blank: () => ({ id: 0, name: '', data: encode(defaultSchedule()), attributes: {} }),
    primary: (calendar) => calendar.name,
    secondary: summary,
    check: (calendar) => {
      const schedule = scheduleOf(calendar);
      return schedule && schedule.end <= schedule.start ? t('calendars.endBeforeStart') : null;
    },
    fields: [
      { path: 'name', label: t('calendars.name'), kind: 'text', required: true },
      {
        path: 'data', label: t('calendars.schedule'), kind: 'custom', section: t('calendars.schedule'),
        render: (calendar, change) => {
          const schedule = scheduleOf(calendar);
          return (
            <ScheduleEditor
              schedule={schedule ?? defaultSchedule()}
              unreadable={schedule === null}
              onChange={(next) => change({ ...calendar, data: encode(next) })}
            />
          );
        },
      },
    ],
  };
  return <EntityListPage description={description} />;
}
