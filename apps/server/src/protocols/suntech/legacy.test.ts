import { describe, expect, it } from 'vitest';
import type { DecodedPosition } from '../types.ts';
import { decodeLegacyReport, decodeTravelReport } from './legacy.ts';
import type { SuntechMessage } from './message.ts';
import { DEFAULT_SUNTECH_OPTIONS, type SuntechOptions } from './options.ts';
import { expectedReportPosition } from './expected-position.ts';
import { gsmNetwork } from '../testing/protocol-test.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

function decode(report: string, options: Partial<SuntechOptions> = {}): SuntechMessage {
  return decodeLegacyReport(report.split(';'), { ...DEFAULT_SUNTECH_OPTIONS, ...options }, RECEIVED);
}

function positionOf(report: string, options: Partial<SuntechOptions> = {}): DecodedPosition {
  const { positions } = decode(report, options);
  expect(positions).toHaveLength(1);
  return positions[0];
}

/** Fields from the date to the I/O flags, shared by the ST300 reports below. */
const ST300_BODY = '20240501;10:15:00;be139;-23.561400;-046.655900;054.000;090.00;11;1;5000;13.20;100010';

describe('Suntech legacy reports', () => {
  it('decodes an SA200 status report (no model field)', () => {
    const message = decode('SA200STT;317001;042;20240501;10:15:00;16d41;-15.618755;-056.083241;036.000;123.45;8;1;41548;12.17;100000;2;1979');
    expect(message.uniqueId).toBe('317001');
    expect(message.positions[0]).toEqual(
      expectedReportPosition({
        latitude: -15.618755,
        longitude: -56.083241,
        attributes: {
          type: 'STT',
          versionFw: '042',
          sat: 8,
          odometer: 41548,
          power: 12.17,
          ignition: true,
          in1: false,
          in2: false,
          in3: false,
          out1: false,
          out2: false,
          blocked: false,
          status: 2,
          index: 1979,
        },
      }),
    );
  });

  it('skips the model of ST300 reports and reads output 1 as blocked', () => {
    const position = positionOf(`ST300STT;205000001;05;527;${ST300_BODY};2;0173;000120;4.1;1`);
    expect(position).toMatchObject({ latitude: -23.5614, longitude: -46.6559, course: 90, valid: true });
    expect(position.attributes).toMatchObject({ versionFw: '527', ignition: true, out1: true, blocked: true, status: 2, index: 173 });
  });

  it('marks a report without a fix invalid', () => {
    expect(positionOf(`ST340STT;205000001;05;527;${ST300_BODY.replace(';11;1;', ';0;0;')};1;0174`).valid).toBe(false);
  });

  // a sample of the table in alarms.ts: its first and last entries and one between
  it.each([
    [1, 'overspeed'],
    [42, 'sos'],
    [132, 'door'],
  ])('maps alert %i to the %s alarm', (id, alarm) => {
    expect(positionOf(`ST300ALT;205000001;05;527;${ST300_BODY};${id}`).attributes.alarm).toBe(alarm);
  });

  it('raises no alarm for other alerts', () => {
    const position = positionOf(`ST300ALT;205000001;05;527;${ST300_BODY};33`);
    expect(position.attributes).toMatchObject({ type: 'ALT' });
    expect(position.attributes).not.toHaveProperty('alarm');
  });

  // Traccar's emergency ids, all of them (there is no 4; 5 and 6 are both doors)
  it.each([[1, 'sos'], [2, 'parking'], [3, 'powerCut'], [5, 'door'], [6, 'door'], [7, 'movement'], [8, 'vibration']])('maps emergency %i to the %s alarm', (id, alarm) => {
    expect(positionOf(`SA200EMG;317001;042;20240501;10:15:00;16d41;-15.6;-56.0;0.0;0.0;8;1;41548;12.17;110000;${id}`).attributes.alarm).toBe(alarm);
  });

  it('keeps the id of an EVT report as event', () => {
    expect(positionOf(`ST300EVT;205000001;05;527;${ST300_BODY};3;1`).attributes).toMatchObject({ type: 'EVT', event: 3 });
  });

  it('reads the ST600 serving cell, and no cell at all on the ST500', () => {
    const st600 = positionOf(
      'ST600STT;008000001;20;419;20240501;10:15:00;0032cc3e;724;05;445c;41;-16.53;-68.08;018.640;267.99;10;1;11655;13.33;100000;2;0336',
    );
    expect(st600.network).toEqual(gsmNetwork({ cellId: 0x32cc3e, locationAreaCode: 0x445c, mobileCountryCode: 724, mobileNetworkCode: 5, signalStrength: -41 }));
    const st500 = positionOf('ST500STT;205000002;07;843;20240501;10:15:00;+19.338432;-099.179817;000.283;000.00;6;1;141121;12.89;0;0;1');
    expect(st500).toMatchObject({ latitude: 19.338432, longitude: -99.179817, network: null });
    // Too short for the I/O flags: no ignition or outputs.
    expect(st500.attributes).toMatchObject({ odometer: 141121, power: 12.89, status: 0, index: 1 });
    expect(st500.attributes).not.toHaveProperty('ignition');
  });

  it('turns a command result into an outdated position', () => {
    const message = decode('ST300CMD;Res;205000001;527;Enable1');
    expect(message.uniqueId).toBe('205000001');
    expect(message.positions[0]).toMatchObject({
      outdated: true,
      valid: false,
      deviceTime: RECEIVED,
      attributes: { type: 'CMD', result: '527;Enable1' },
    });
  });

  it('only identifies the device on a keep-alive or an unknown report type', () => {
    expect(decode('SA200ALV;317001')).toEqual({ uniqueId: '317001', positions: [] });
    expect(decode('ST300NTW;205000001;05;527')).toEqual({ uniqueId: '205000001', positions: [] });
  });
});

describe('Suntech UEX serial data', () => {
  const uex = (payload: string, length = payload.length) => `ST300UEX;205000001;05;527;${ST300_BODY};${length};${payload};5A;000120;4.1;1`;

  it('keeps plain text as serial, without its line break', () => {
    expect(positionOf(uex('RFID:00AABBCCDDEE\r\n')).attributes).toMatchObject({ serial: 'RFID:00AABBCCDDEE' });
  });

  it('reads the driver of a GTSL line', () => {
    expect(positionOf(uex('GTSL|6|1|0|7654321|1|\r\n')).attributes).toMatchObject({ driverUniqueId: '7654321' });
  });

  it('reads hex temperature, fuel and driving quality sensors, summing the fuel', () => {
    const payload = 't_0=1C;N_0=0400.0;t_1=21;N_1=0010.0;Q_D=0A\r\n';
    const position = positionOf(uex(payload));
    expect(position.attributes).toMatchObject({ temp0: 28, fuel0: 1024, temp1: 33, fuel1: 16, drivingQuality: 10, fuel: 1040 });
  });

  it('reads CabAVL fuel levels, ignoring empty tanks', () => {
    const position = positionOf(uex('CabAVL"CabMensaje,0,41.5,-1.0,,,FinMensaje"FinAVL\r\n'));
    expect(position.attributes).toMatchObject({ fuel1: 41.5, fuel: 41.5 });
    expect(position.attributes).not.toHaveProperty('fuel2');
  });
});

describe('Suntech configured report tails (Traccar suntech.* settings)', () => {
  const body = `ST300STT;205000001;05;527;${ST300_BODY};2;0173`;

  it('reads hours, backup battery and message type with hbm 1', () => {
    expect(positionOf(`${body};003188;4.1;0`, { hbm: 1 }).attributes).toMatchObject({ hours: 3188 * 60_000, battery: 4.1, archive: true });
    expect(positionOf(`${body};003188;4.1;1`, { hbm: 1 }).attributes).not.toHaveProperty('archive');
  });

  it('reads the driver id when two fields are left (hbm 1)', () => {
    expect(positionOf(`${body};000373;4.1;1;01B54221010000;0`, { hbm: 1 }).attributes).toMatchObject({ driverUniqueId: '01B54221010000' });
  });

  it('reads ADC values, RPM and temperatures when configured', () => {
    const report = `${body};000207;4.1;1;4.68;;0.5;1500;012E717F010000;1;28EE56B911160234:+13.7;:;2861626006000039:-2.5`;
    const position = positionOf(report, { hbm: 1, includeAdc: true, includeRpm: true, includeTemp: true });
    expect(position.attributes).toMatchObject({ adc1: 4.68, adc3: 0.5, rpm: 1500, driverUniqueId: '012E717F010000', temp1: 13.7, temp3: -2.5 });
    expect(position.attributes).not.toHaveProperty('adc2');
    expect(position.attributes).not.toHaveProperty('temp2');
  });

  it('reads the serving cell with hbm 2', () => {
    const position = positionOf(`${body};069596;4.1;1;23675;724;5;-75;1351;1`, { hbm: 2 });
    expect(position.network).toEqual(gsmNetwork({ cellId: 23675, locationAreaCode: 1351, mobileCountryCode: 724, mobileNetworkCode: 5, signalStrength: -75 }));
    expect(position.attributes).not.toHaveProperty('driverUniqueId');
  });
});

describe('Suntech travel reports', () => {
  it('keeps the driver id of a travel summary', () => {
    const report = 'ST300HTE;205000001;45;308;20240501;10:15:00;0;12.50;001354;0.0;1;0;1;1;0;-27.6;-52.2;-27.6;-52.2;0;2.2;0;01E04D44160000';
    const values = report.split(';');
    const message = decodeTravelReport(values, RECEIVED);
    expect(message.uniqueId).toBe('205000001');
    expect(message.positions[0]).toMatchObject({ outdated: true, attributes: { driverUniqueId: '01E04D44160000' } });
  });
});
