import { describe, expect, it } from 'vitest';
import { buildUrl } from './http.ts';
import { reportQuery, type ReportParams } from './reports.ts';

const params: ReportParams = {
  deviceIds: [3, 7],
  groupIds: [2],
  from: '2024-05-01T00:00:00.000Z',
  to: '2024-05-01T23:59:59.999Z',
};

describe('reportQuery', () => {
  it('repeats deviceId and groupId and sends the period as given', () => {
    expect(buildUrl('/reports/trips', reportQuery('trips', params))).toBe(
      '/api/reports/trips?deviceId=3&deviceId=7&groupId=2&from=2024-05-01T00%3A00%3A00.000Z&to=2024-05-01T23%3A59%3A59.999Z',
    );
  });

  it('always sends daily for the summary, and only there', () => {
    expect(reportQuery('summary', params).daily).toBe(false);
    expect(reportQuery('summary', { ...params, daily: true }).daily).toBe(true);
    expect(reportQuery('stops', { ...params, daily: true })).not.toHaveProperty('daily');
  });

  it('repeats event types and alarm kinds, and omits them when none is chosen (all)', () => {
    const query = reportQuery('events', { ...params, types: ['alarm', 'ignitionOn'], alarms: ['sos'] });
    expect(buildUrl('/reports/events', query)).toContain('&type=alarm&type=ignitionOn&alarm=sos');
    const all = buildUrl('/reports/events', reportQuery('events', { ...params, types: [], alarms: [] }));
    expect(all).not.toContain('type=');
    expect(all).not.toContain('alarm=');
  });
});
