// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupComponentTests } from '../../../testing/app.tsx';
import { makeDevice, makePosition, makeUser } from '../../../testing/fixtures.ts';
import RouteReport from './RouteReport.tsx';

const app = setupComponentTests();

const position = makePosition({ id: 51, deviceId: 1, fixTime: '2024-05-01T17:05:09.000Z', latitude: -23.55033, longitude: -46.6333, address: 'Praça da Sé' });
/** The route table's first row, cell by cell (Intl's narrow no-break space read as a space). */
const cells = () => [...screen.getAllByRole('row')[1].querySelectorAll('td')].map((cell) => (cell.textContent ?? '').replace(/\s/g, ' '));

async function renderRoute(attributes: Record<string, unknown>, coordinateFormat: string | null) {
  app.api.json('GET', '/api/devices', [makeDevice({ id: 1, name: 'Alpha' })]).json('GET', '/api/reports/route', [position]);
  const user = makeUser({ id: 1, coordinateFormat, attributes: { timezone: 'America/Sao_Paulo', ...attributes } });
  await app.render(<RouteReport />, { path: '/reports/history?deviceId=1&period=today', route: '/reports/history', user });
  await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
}

describe('route report in the user\'s formats', () => {
  it('shows times on a 12-hour clock and coordinates in DMS when chosen', async () => {
    await renderRoute({ twelveHourFormat: true }, 'dms');
    const row = cells();
    expect(row[0]).toBe('5/1/24, 2:05:09 PM');
    expect(row[1]).toBe('23°33\'01.2"S');
    expect(row[2]).toBe('46°37\'59.9"W');
  });

  it('shows a 24-hour clock and degrees-decimal-minutes otherwise', async () => {
    await renderRoute({}, 'ddm');
    const row = cells();
    expect(row[0]).toBe('5/1/24, 14:05:09');
    expect(row[1]).toBe("23°33.020'S");
  });
});
