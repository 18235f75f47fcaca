import { describe, expect, it } from 'vitest';
import { makeServer, makeUser } from '../testing/fixtures.ts';
import { formatSettingsOf } from './formats.ts';

describe('display preferences of the user and the server', () => {
  const settings = (user: Parameters<typeof makeUser>[0], server: Parameters<typeof makeServer>[0] = {}) =>
    formatSettingsOf(makeUser(user), makeServer(server), 'pt-BR', 'Europe/Madrid');

  it('take the user\'s, else the server\'s, else a 24-hour clock, decimal degrees and the browser\'s zone', () => {
    expect(settings({ id: 1 })).toEqual({ locale: 'pt-BR', timeZone: 'Europe/Madrid', hour12: false, coordinateFormat: 'dd' });
    expect(settings({ id: 1 }, { coordinateFormat: 'dms', attributes: { twelveHourFormat: true, timezone: 'America/Manaus' } }))
      .toMatchObject({ hour12: true, coordinateFormat: 'dms', timeZone: 'America/Manaus' });
    expect(settings({ id: 1, coordinateFormat: 'ddm', attributes: { twelveHourFormat: false } }, { coordinateFormat: 'dms', attributes: { twelveHourFormat: true } }))
      .toMatchObject({ hour12: false, coordinateFormat: 'ddm' });
  });

  it('take the server\'s when it forces its settings', () => {
    expect(settings({ id: 1, coordinateFormat: 'ddm', attributes: { twelveHourFormat: false } }, { forceSettings: true, coordinateFormat: 'dms', attributes: { twelveHourFormat: true } }))
      .toMatchObject({ hour12: true, coordinateFormat: 'dms' });
  });

  it('read a flag typed as text, and ignore what is not a format or a zone', () => {
    expect(settings({ id: 1, coordinateFormat: 'DMS', attributes: { twelveHourFormat: 'true', timezone: 'Mars/Olympus' } }))
      .toEqual({ locale: 'pt-BR', timeZone: 'Europe/Madrid', hour12: true, coordinateFormat: 'dd' });
    expect(settings({ id: 1, coordinateFormat: '' }, { coordinateFormat: 'ddm' }).coordinateFormat).toBe('ddm');
  });
});
