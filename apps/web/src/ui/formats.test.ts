import { describe, expect, it } from 'vitest';
import { createFormats, intlZone } from './formats.ts';

const at = '2026-03-01T17:05:09Z';
const plain = (text: string) => text.replace(/\s/g, ' ');
const formats = (hour12: boolean, coordinateFormat: 'dd' | 'ddm' | 'dms' = 'dd', locale = 'pt-BR') =>
  createFormats({ locale, timeZone: 'America/Sao_Paulo', hour12, coordinateFormat });

describe('formats', () => {
  it('writes times on a 12- or 24-hour clock in the user\'s zone', () => {
    expect(plain(formats(true).dateTime(at))).toBe('01/03/2026, 02:05:09 PM');
    expect(formats(false).dateTime(at)).toBe('01/03/2026, 14:05:09');
    expect(plain(formats(true).time(at))).toBe('02:05 PM');
    expect(formats(false).time(Date.parse(at))).toBe('14:05');
    expect(plain(formats(true, 'dd', 'en-US').dateTimeShort(new Date(at)))).toBe('3/1/26, 2:05 PM');
    expect(plain(formats(true).custom({ day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' })(at))).toBe('01/03, 02:05 PM');
  });

  it('writes nothing for a time that is not one', () => {
    expect(formats(false).dateTime('not a time')).toBe('');
  });

  it('writes coordinates in the chosen format', () => {
    expect(formats(false, 'dms').point(-23.55033, -46.6333)).toBe('23°33\'01.2"S, 46°37\'59.9"W');
    expect(formats(false, 'ddm').coordinate(-23.55033, 'latitude')).toBe("23°33.020'S");
    expect(formats(false, 'dd').coordinate(-46.6333, 'longitude')).toBe('-46.633300°');
  });

  it('writes times at a fixed offset (`GMT-3`), which Intl alone refuses, as the server\'s mail and exports do', () => {
    const at = Date.UTC(2026, 2, 1, 17, 5, 9);
    const fixed = (timeZone: string, hour12 = false, locale = 'pt-BR') => createFormats({ locale, timeZone, hour12, coordinateFormat: 'dd' });
    expect(fixed('GMT-3').dateTime(at)).toBe('01/03/2026, 14:05:09');
    expect(fixed('GMT-3').time(at)).toBe('14:05');
    expect(plain(fixed('-0300', true, 'en-US').dateTimeShort(at))).toBe('3/1/26, 2:05 PM');
    expect(fixed('UTC+05:45').custom({ day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' })(at)).toBe('01/03, 22:50');
    // past midnight at the offset: the date moves too
    expect(fixed('GMT+8').dateTime(at)).toBe('02/03/2026, 01:05:09');
    expect(fixed('GMT-3').dateTime('not a time')).toBe('');
  });

  it('gives Intl an IANA zone as it is, and a fixed offset as UTC with its shift', () => {
    expect(intlZone('Europe/Madrid')).toEqual({ timeZone: 'Europe/Madrid', shiftMs: 0 });
    expect(intlZone('GMT-3')).toEqual({ timeZone: 'UTC', shiftMs: -3 * 3600000 });
    expect(intlZone('+05:45')).toEqual({ timeZone: 'UTC', shiftMs: 345 * 60000 });
  });
});
