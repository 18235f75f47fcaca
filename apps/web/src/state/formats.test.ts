import { describe, expect, it } from 'vitest';
import { makeServer, makeUser } from '../testing/fixtures.ts';
import { createFormats } from '../ui/formats.ts';
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

  it('take a fixed offset (`GMT-3`) as the server does, and write times in it', () => {
    expect(settings({ id: 1, attributes: { timezone: 'GMT-3' } }).timeZone).toBe('GMT-3');
    expect(settings({ id: 1 }, { attributes: { timezone: '+05:45' } }).timeZone).toBe('+05:45');
    expect(settings({ id: 1, attributes: { timezone: 'GMT+25' } }).timeZone).toBe('Europe/Madrid');
    // a position at 12:00 UTC reads 09:00 for a GMT-3 user, whatever the browser's zone
    const formats = createFormats(settings({ id: 1, attributes: { timezone: 'GMT-3' } }));
    expect(formats.dateTime('2026-03-01T12:00:00Z')).toBe('01/03/2026, 09:00:00');
  });

  it('read a flag typed as text, and ignore what is not a format or a zone', () => {
    expect(settings({ id: 1, coordinateFormat: 'DMS', attributes: { twelveHourFormat: 'true', timezone: 'Mars/Olympus' } }))
      .toEqual({ locale: 'pt-BR', timeZone: 'Europe/Madrid', hour12: true, coordinateFormat: 'dd' });
    expect(settings({ id: 1, coordinateFormat: '' }, { coordinateFormat: 'ddm' }).coordinateFormat).toBe('ddm');
  });
});
