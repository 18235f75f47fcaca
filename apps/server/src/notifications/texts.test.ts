import { describe, expect, it } from 'vitest';
import { eventTexts, readerTime } from './texts.ts';

/** 2024-03-10 15:04:05 UTC: 12:04:05 in São Paulo (UTC-3 all year since 2019). */
const INSTANT = Date.UTC(2024, 2, 10, 15, 4, 5);
const alarm = { type: 'alarm', eventTime: new Date(INSTANT).toISOString(), attributes: { alarm: 'sos' } };
const facts = { deviceName: 'Truck 9', address: 'Av. Paulista, 1000, São Paulo, SP' };

describe('notification texts', () => {
  it('say the device, the event, the time in the reader\'s zone and the address, in his language', () => {
    expect(eventTexts(alarm, facts, 'pt-BR', 'America/Sao_Paulo')).toEqual({
      subject: 'Truck 9: Alarme',
      body: 'sos\nHora: 10/03/2024, 12:04:05 (America/Sao_Paulo)\nEndereço: Av. Paulista, 1000, São Paulo, SP',
      short: 'Truck 9: Alarme (sos) · 10/03/2024, 12:04:05 (America/Sao_Paulo) · Av. Paulista, 1000, São Paulo, SP',
    });
    expect(eventTexts(alarm, facts, 'en-US', 'America/New_York', true).short)
      .toBe('Truck 9: Alarm (sos) · 3/10/24, 11:04:05 AM (America/New_York) · Av. Paulista, 1000, São Paulo, SP');
    expect(eventTexts(alarm, facts, 'es', 'Europe/Madrid').body)
      .toBe('sos\nHora: 10/3/24, 16:04:05 (Europe/Madrid)\nDirección: Av. Paulista, 1000, São Paulo, SP');
  });

  it('follow the reader\'s clock (twelveHourFormat), not his language\'s', () => {
    expect(readerTime(INSTANT, 'pt-BR', 'America/Sao_Paulo', true)).toBe('10/03/2024, 12:04:05 PM (America/Sao_Paulo)');
    expect(readerTime(INSTANT, 'en-US', 'UTC')).toBe('3/10/24, 15:04:05 (UTC)');
    expect(readerTime(Date.UTC(2024, 2, 10), 'en-US', 'UTC')).toBe('3/10/24, 00:00:00 (UTC)');
    expect(eventTexts(alarm, facts, 'es', 'Europe/Madrid', true).short).toMatch(/^Truck 9: .* · 10\/3\/24, 4:04:05 p\.\sm\. \(Europe\/Madrid\)/);
  });

  it('take Traccar\'s fixed offsets as zones too', () => {
    expect(readerTime(INSTANT, 'pt-BR', 'GMT-3')).toBe('10/03/2024, 12:04:05 (GMT-3)');
    expect(readerTime(INSTANT, 'pt-BR', '+05:45')).toBe('10/03/2024, 20:49:05 (+05:45)');
    expect(eventTexts(alarm, facts, 'en-US', 'GMT-3', true).body)
      .toBe('sos\nTime: 3/10/24, 12:04:05 PM (GMT-3)\nAddress: Av. Paulista, 1000, São Paulo, SP');
    expect(eventTexts(alarm, { deviceName: 'Truck 9', address: null }, 'es', 'UTC+05:45').short).toBe('Truck 9: Alarma (sos) · 10/3/24, 20:49:05 (UTC+05:45)');
  });

  it('leave out what an event does not have', () => {
    const test = { type: 'test', eventTime: new Date(INSTANT).toISOString(), attributes: {} };
    expect(eventTexts(test, { deviceName: null, address: null }, 'en-US', 'UTC', true)).toEqual({
      subject: 'Test notification',
      body: 'Time: 3/10/24, 3:04:05 PM (UTC)',
      short: 'Test notification · 3/10/24, 3:04:05 PM (UTC)',
    });
  });
});
