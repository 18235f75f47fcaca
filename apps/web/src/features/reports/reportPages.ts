/** The report screens (spec §2: /reports and its children) and the playback page. */
export const REPORTS_PATH = '/reports';
export const HISTORY_PATH = '/history';
export const GRAPHIC_PATH = '/reports/graphic';
export const SCHEDULED_PATH = '/reports/scheduled';

export const REPORT_PAGES = [
  { id: 'summary', path: '/reports/resume' },
  { id: 'trips', path: '/reports/travels' },
  { id: 'stops', path: '/reports/stops' },
  { id: 'events', path: '/reports/events' },
  { id: 'route', path: '/reports/history' },
  { id: 'combined', path: '/reports/combined' },
  { id: 'geofences', path: '/reports/geofences' },
  { id: 'graphic', path: GRAPHIC_PATH },
  { id: 'playback', path: HISTORY_PATH },
  { id: 'scheduled', path: SCHEDULED_PATH },
] as const;

export type ReportPageId = (typeof REPORT_PAGES)[number]['id'];
