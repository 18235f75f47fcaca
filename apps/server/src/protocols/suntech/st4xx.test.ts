import { describe, expect, it } from 'vitest';
import type { SuntechMessage } from './message.ts';
import { decodeSt4xxReport } from './st4xx.ts';
import { gsmNetwork } from '../testing/protocol-test.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

/** Serving cell (id, MCC, MNC, signal, LAC, timing advance), one neighbour, five empty slots. */
const CELLS = ['24153;724;4;-65;365;0', '24161;724;4;366;70;0', ...Array.from({ length: 5 }, () => '0;0;0;0;0;0')].join(';');

function decode(report: string): SuntechMessage | null {
  return decodeSt4xxReport(report.split(';'), RECEIVED);
}

describe('Suntech ST4xx reports', () => {
  it('decodes the cells, battery and location of a status report', () => {
    const message = decode(`ST410STT;007000001;426;03;${CELLS};3.98;1;0176;2;20240501;10:15:00;-15.571860;-056.062637;010.000;238.28;6;1`);
    expect(message?.uniqueId).toBe('007000001');
    const [position] = message?.positions ?? [];
    expect(position).toMatchObject({
      fixTime: new Date('2024-05-01T10:15:00.000Z'),
      valid: true,
      outdated: false,
      latitude: -15.57186,
      longitude: -56.062637,
      speed: 10 * 0.539957,
      course: 238.28,
    });
    expect(position.attributes).toEqual({ type: 'STT', versionFw: '426', battery: 3.98, index: 176, status: 2, sat: 6 });
    expect(position.network).toEqual(gsmNetwork(
      { cellId: 24153, locationAreaCode: 365, mobileCountryCode: 724, mobileNetworkCode: 4, signalStrength: -65 },
      { cellId: 24161, locationAreaCode: 366, mobileCountryCode: 724, mobileNetworkCode: 4, signalStrength: -70 },
    ));
  });

  it('keeps the last location when the report has no fix, and flags stored reports', () => {
    const [position] = decode(`ST410ALT;007000001;445;03;${CELLS};3.86;0;0098;1;003;;;;;;;;`)?.positions ?? [];
    expect(position).toMatchObject({ outdated: true, deviceTime: RECEIVED });
    expect(position.attributes).toEqual({ type: 'ALT', versionFw: '445', battery: 3.86, archive: true, index: 98, status: 1 });
  });

  it('reads the variant and motion state of model 41', () => {
    const report = `ST419STT;807000002;306;41;04;${CELLS};3.92;1;0185;1;00010000;26.1;2;20240501;10:15:00;-22.754650;-043.437569;000.185;297.35;6;1`;
    expect(decode(report)?.positions[0].attributes).toMatchObject({ motion: true, index: 185 });
  });

  it('ignores other report types', () => {
    expect(decode('ST410EVT;007000001;426;03')).toBeNull();
  });
});
