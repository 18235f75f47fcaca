import { describe, expect, it } from 'vitest';
import { exportFileName } from './exportFileName.ts';

describe('exportFileName', () => {
  it('names the report and its days in the user time zone', () => {
    expect(exportFileName('trips', '2024-05-01T03:00:00.000Z', '2024-05-08T02:59:59.999Z', 'America/Sao_Paulo')).toBe(
      'trips_2024-05-01_2024-05-07.xlsx',
    );
  });

  it('names a one-day report by that day', () => {
    expect(exportFileName('route', '2024-05-01T03:00:00.000Z', '2024-05-02T02:59:59.999Z', 'America/Sao_Paulo')).toBe('route_2024-05-01.xlsx');
  });
});
