import { describe, expect, it } from 'vitest';
import { createFormats, knownTimeZone } from './formats.ts';

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

  it('knows real zones only', () => {
    expect(knownTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(knownTimeZone('Mars/Olympus')).toBeNull();
    expect(knownTimeZone(3)).toBeNull();
  });
});
