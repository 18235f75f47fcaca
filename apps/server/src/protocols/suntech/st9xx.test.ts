import { describe, expect, it } from 'vitest';
import { DEFAULT_SUNTECH_OPTIONS } from './options.ts';
import { decodeSt9xxReport } from './st9xx.ts';

function decode(report: string, protocolType = 0) {
  return decodeSt9xxReport(report.split(';'), { ...DEFAULT_SUNTECH_OPTIONS, protocolType });
}

describe('Suntech ST9xx reports', () => {
  it('decodes a location report', () => {
    const message = decode('ST910;Location;205000003;500;20240501;10:15:00;-22.846014;-046.322176;010.000;045.00;1;3.8;0;1;9159');
    expect(message?.uniqueId).toBe('205000003');
    expect(message?.positions[0]).toMatchObject({
      fixTime: new Date('2024-05-01T10:15:00.000Z'),
      valid: true,
      latitude: -22.846014,
      longitude: -46.322176,
      speed: 10 * 0.539957,
      course: 45,
      attributes: { versionFw: '500' },
    });
  });

  it('raises a general alarm for emergencies and alerts', () => {
    expect(decode('ST910;Emergency;205000003;500;20240501;10:15:00;-22.8;-46.3;000.000;000.00;0;2')?.positions[0].attributes).toEqual({
      alarm: 'general',
      versionFw: '500',
    });
    expect(decode('ST910;Alert;205000003;410;20240501;10:15:00;+37.4;+126.8;000.000;000.00;0;4.0;1;6002')?.positions[0]).toMatchObject({
      valid: false,
      attributes: { alarm: 'general' },
    });
  });

  it('reads the cell id and odometer of protocol type 1, where alerts have no firmware version', () => {
    const location = decode('ST910;Location;907000004;552;20240501;10:15:00;3af54e5331;+19.301833;-099.190657;000.246;000.00;1;28462;80;1', 1);
    expect(location?.positions[0]).toMatchObject({ latitude: 19.301833, valid: true, attributes: { versionFw: '552', odometer: 28462 } });
    const alert = decode('ST910;Alert;485000005;20240501;10:15:00;3be0133057;+24.882410;-107.509152;000.070;000.00;1;286734;72', 1);
    expect(alert?.positions[0].attributes).toEqual({ alarm: 'general', odometer: 286734 });
  });

  it('ignores other report types', () => {
    expect(decode('ST910;Config;205000003;500')).toBeNull();
  });
});
