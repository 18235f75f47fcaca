import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { decodeBinaryReport } from './binary.ts';
import { expectedReportPosition } from './expected-position.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

/** Sign and magnitude in millionths of a degree. */
function coordinate(degrees: number): string {
  const magnitude = Math.round(Math.abs(degrees) * 1e6);
  return ((degrees < 0 ? 0x80000000 : 0) + magnitude).toString(16).padStart(8, '0');
}

/** Type, length, id, mask, then the fields in mask order; the length counts what follows it. */
function report(type: number, mask: number, fields: string[]): Buffer {
  const body = `0520001338${mask.toString(16).padStart(6, '0')}${fields.join('')}`;
  return Buffer.from(`${type.toString(16)}${(body.length / 2).toString(16).padStart(4, '0')}${body}`, 'hex');
}

const STATUS_FIELDS = [
  '34', // model
  '010003', // firmware 1.0.3
  '01', // real-time message
  '180501', // 2024-05-01
  '0a0f00', // 10:15:00
  '00002b11', // cell
  '02d4', // MCC
  '0005', // MNC
  '0925', // LAC
  '18', // signal
  coordinate(-23.5614),
  coordinate(-46.6559),
  '0e10', // 36.00 km/h
  '3039', // 123.45 degrees
  '0c', // satellites
  '01', // fix
  '03', // inputs: ignition and input 1
  '01', // outputs: output 1
];

describe('Suntech binary universal reports', () => {
  it('decodes a status report', () => {
    const message = decodeBinaryReport(report(0x81, 0x07ffff, STATUS_FIELDS), RECEIVED);
    expect(message.uniqueId).toBe('0520001338');
    expect(message.positions[0]).toEqual(
      expectedReportPosition({
        latitude: -23.5614,
        longitude: -46.6559,
        attributes: { versionFw: '1.0.3', rssi: 24, sat: 12, ignition: true, input: 3, output: 1, blocked: true },
      }),
    );
  });

  it('maps the alert of an alert report and reads a driver key', () => {
    const powerCut = decodeBinaryReport(report(0x82, 0x1fffff, [...STATUS_FIELDS, '29', '0000']), RECEIVED);
    expect(powerCut.positions[0].attributes.alarm).toBe('powerCut');
    const driver = decodeBinaryReport(report(0x82, 0x3fffff, [...STATUS_FIELDS, '3b', '0000', '1d00000113f3f801']), RECEIVED);
    expect(driver.positions[0].attributes).toMatchObject({ driverUniqueId: '1d00000113f3f801' });
    expect(driver.positions[0].attributes).not.toHaveProperty('alarm');
  });

  it('flags stored messages', () => {
    const stored = STATUS_FIELDS.map((field, index) => (index === 2 ? '00' : field));
    expect(decodeBinaryReport(report(0x81, 0x07ffff, stored), RECEIVED).positions[0].attributes.archive).toBe(true);
  });

  it('rejects a report shorter than its mask says', () => {
    expect(() => decodeBinaryReport(report(0x81, 0x07ffff, STATUS_FIELDS.slice(0, 10)), RECEIVED)).toThrow(ProtocolError);
  });
});
