import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportOsmAnd, withServer } from './harness.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Spreadsheets follow the requesting user's clock (`twelveHourFormat`) and coordinate format
 * (`coordinateFormat`, his or else the server's), in his time zone.
 */
describe('report spreadsheets in the user\'s time and coordinate formats', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });
  // a whole second three hours ago; São Paulo keeps UTC-3 all year
  const fix = Math.floor(Date.now() / 1000) - 3 * 3600;
  const local = new Date((fix - 3 * 3600) * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const clock = `${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  const hour = local.getUTCHours();
  let deviceId: number;

  const setUser = async (change: Record<string, unknown>, attributes: Record<string, unknown>) => {
    const me = await admin.json('GET', '/api/session');
    await admin.json('PUT', `/api/users/${me.id}`, { ...me, ...change, attributes: { ...me.attributes, timezone: 'America/Sao_Paulo', ...attributes } });
  };
  const routeRow = async () => {
    const range = `from=${new Date((fix - 60) * 1000).toISOString()}&to=${new Date((fix + 60) * 1000).toISOString()}`;
    const response = await admin.request('GET', `/api/reports/route?deviceId=${deviceId}&${range}`, undefined, { accept: XLSX, 'accept-language': 'en-US' });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe('Time');
    expect(sheet.getRow(1).getCell(3).value).toBe('Latitude');
    const row = sheet.getRow(2);
    return { time: row.getCell(2).value, latitude: row.getCell(3).value, longitude: row.getCell(4).value };
  };

  beforeAll(async () => {
    deviceId = (await admin.json('POST', '/api/devices', { name: 'Formats', uniqueId: 'formats-1' })).id;
    const response = await reportOsmAnd(server.osmand, { id: 'formats-1', lat: -23.55033, lon: -46.6333, speed: 0, timestamp: fix });
    expect(response.status).toBe(200);
  });

  it('writes a 12-hour clock and DMS when the user chose them', async () => {
    await setUser({ coordinateFormat: 'dms' }, { twelveHourFormat: true });
    const row = await routeRow();
    expect(row.time).toBe(`${day} ${pad(hour % 12 || 12)}:${clock} ${hour < 12 ? 'AM' : 'PM'}`);
    expect(row.latitude).toBe('23°33\'01.2"S');
    expect(row.longitude).toBe('46°37\'59.9"W');
  });

  it('writes a 24-hour clock and numbers in decimal degrees by default', async () => {
    await setUser({ coordinateFormat: null }, { twelveHourFormat: false });
    const row = await routeRow();
    expect(row.time).toBe(`${day} ${pad(hour)}:${clock}`);
    expect(row.latitude).toBeCloseTo(-23.55033, 6);
  });

  it('takes the server\'s coordinate format when the user has none', async () => {
    await admin.setServer({ coordinateFormat: 'ddm' });
    await setUser({ coordinateFormat: null }, { twelveHourFormat: false });
    expect((await routeRow()).latitude).toBe("23°33.020'S");
    await setUser({ coordinateFormat: 'dd' }, {});
    expect((await routeRow()).latitude).toBeCloseTo(-23.55033, 6);
  });

  it('writes the time of a user whose zone is a fixed offset, as Traccar settings spell them (Intl alone refuses them)', async () => {
    await setUser({ coordinateFormat: null }, { twelveHourFormat: false, timezone: 'GMT-3' });
    expect((await routeRow()).time).toBe(`${day} ${pad(hour)}:${clock}`);
    await setUser({ coordinateFormat: null }, { twelveHourFormat: false, timezone: '+05:45' });
    const kathmandu = new Date((fix + (5 * 60 + 45) * 60) * 1000).toISOString();
    expect((await routeRow()).time).toBe(`${kathmandu.slice(0, 10)} ${kathmandu.slice(11, 19)}`);
  });
});
