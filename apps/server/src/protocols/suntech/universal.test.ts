import { describe, expect, it } from 'vitest';
import type { DecodedPosition } from '../types.ts';
import type { SuntechMessage } from './message.ts';
import { decodeUniversalReport } from './universal.ts';
import { expectedReportPosition } from './expected-position.ts';
import { gsmNetwork } from '../testing/protocol-test.ts';
import { traccarMessages } from '../testing/traccar-vectors.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

function decode(report: string): SuntechMessage | null {
  return decodeUniversalReport(report.split(';'), RECEIVED);
}

function positionOf(report: string): DecodedPosition {
  const message = decode(report);
  expect(message?.positions).toHaveLength(1);
  return (message as SuntechMessage).positions[0];
}

/** Mask 3FFFFF: every field up to the message number, nothing assigned. */
const HEADER = '3FFFFF;56;1.0.15;1;20240501;10:15:00;00008D6C;724;05;0925;24;-23.561400;-46.655900;36.00;123.45;12;1';

describe('Suntech universal reports', () => {
  it('decodes the fields the mask announces', () => {
    const message = decode(`STT;0560009999;${HEADER};00000001;00000001;1;2;42`);
    expect(message?.uniqueId).toBe('0560009999');
    expect(message?.positions[0]).toEqual(
      expectedReportPosition({
        latitude: -23.5614,
        longitude: -46.6559,
        network: gsmNetwork({ cellId: 0x8d6c, locationAreaCode: 0x925, mobileCountryCode: 724, mobileNetworkCode: 5 }),
        attributes: {
          type: 'STT',
          versionFw: '1.0.15',
          rssi: 24,
          sat: 12,
          ignition: true,
          input: 1,
          output: 1,
          blocked: true,
          mode: 1,
          reason: 2,
          index: 42,
        },
      }),
    );
  });

  it('reads input and output states as Traccar does: decimal numbers whose last digit is input/output 1', () => {
    const position = positionOf(`STT;0560009999;${HEADER};00000110;00000010;1;2;43`);
    expect(position.attributes).toMatchObject({ ignition: false, input: 110, output: 10, blocked: false });
  });

  it('skips what the mask leaves out, and flags stored messages', () => {
    // Bits 0-5, 11, 12, 15 and 16: no cell, signal, speed, course or I/O.
    const position = positionOf('STT;0560009999;01983F;56;1.0.15;0;20240501;10:15:00;-23.5614;-46.6559;7;0');
    expect(position).toMatchObject({ latitude: -23.5614, longitude: -46.6559, valid: false, network: null, speed: 0 });
    expect(position.attributes).toEqual({ type: 'STT', versionFw: '1.0.15', archive: true, sat: 7 });
  });

  it('uses the receive time when the mask has no date', () => {
    expect(positionOf('STT;0560009999;001801;-23.5614;-46.6559').fixTime).toEqual(RECEIVED);
  });

  it('names assigned values by the assign mask, then the rest in order', () => {
    const header = 'BFFFFF;56;1.0.15;1;20240501;10:15:00;00008D6C;724;05;0925;24;-23.5614;-46.6559;0;0;9;1;0;0';
    const position = positionOf(`STT;0560009999;${header};1;1;44;00008003;0.0;12.60;136598;+21.5;;X`);
    expect(position.attributes).toMatchObject({ io1: '0.0', io2: '12.60', io16: '136598', assign1: '+21.5', assign3: 'X' });
    expect(position.attributes).not.toHaveProperty('io3');
    expect(position.attributes).not.toHaveProperty('assign2');
  });

  it.each([
    [1, 'overspeed'],
    [41, 'powerCut'],
    [42, 'sos'],
    [46, 'hardAcceleration'],
    [47, 'hardBraking'],
    [50, 'jamming'],
  ])('maps alert %i to the %s alarm, with its modifier and data', (id, alarm) => {
    const position = positionOf(`ALT;0560009999;${HEADER};00000001;00000000;${id};2;80`);
    expect(position.attributes).toMatchObject({ type: 'ALT', alarm, alertModifier: '2', alertData: '80' });
  });

  it('turns a RES command result into an outdated position', () => {
    const message = decode('RES;0560009999;04;01;OK');
    expect(message).toEqual({
      uniqueId: '0560009999',
      positions: [expect.objectContaining({ outdated: true, deviceTime: RECEIVED, attributes: { type: 'RES', result: '04;01;OK' } })],
    });
  });

  it('reads the tags of a BLE report', () => {
    const tags = '2;-40;-90;30;AABBCCDDEEFF;12;18;52;-61;-70;-50;112233445566;3;1;2';
    const position = positionOf(`BLE;0820012345;82;1.0.0;20240501;10:15:00;+32.691615;-117.297160;${tags}`);
    expect(position).toMatchObject({ valid: true, latitude: 32.691615, longitude: -117.29716 });
    expect(position.attributes).toEqual({
      type: 'BLE',
      versionFw: '1.0.0',
      tag1Rssi: -40,
      tag1Id: 'AABBCCDDEEFF',
      tag1Samples: 12,
      tag1Major: 18,
      tag1Minor: 52,
      tag2Rssi: -61,
      tag2Id: '112233445566',
      tag2Samples: 3,
      tag2Major: 1,
      tag2Minor: 2,
    });
  });

  it('reads the serial payload of a UEX report, then the remaining values', () => {
    const header = '03FFFFFF;161;3.0.9;1;20240501;10:15:00;00006697;724;11;4EDA;33;-5.12924;-42.797868;0.00;0.00;11;1;00000001;00000000';
    const position = positionOf(`UEX;1610020241;${header};24;GTSL|6|1|0|22574684|1|\r\n;A7;;164;11.82`);
    expect(position.attributes).toMatchObject({ type: 'UEX', driverUniqueId: '22574684', assign1: '164', assign2: '11.82' });
  });

  it('identifies on the ALV keep-alive and ignores other types', () => {
    expect(decode('ALV;0560009999')).toEqual({ uniqueId: '0560009999', positions: [] });
    // The BSA report on line 49 of Traccar's SuntechProtocolDecoderTest (vectors/traccar/suntech.json).
    expect(decode(traccarMessages('suntech')(49))).toBeNull();
  });
});
