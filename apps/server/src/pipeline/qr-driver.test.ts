import { QR_DEVICE_STATE } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { linkedDriver, qrDriver } from './qr-driver.ts';
import { deviceContext, workingAt } from './testing/positions.ts';

const driverOf = (handler: typeof qrDriver, settings: Record<string, unknown>, attributes: Record<string, string> = {}, drivers: string[] = []) =>
  handler(workingAt(60, { attributes }), null, deviceContext(settings, { drivers }))!.attributes.driverUniqueId;

describe('QR driver handler', () => {
  it('gives the position the uniqueId of the QR driver checked in to the device', () => {
    expect(driverOf(qrDriver, { [QR_DEVICE_STATE.driverUniqueId]: 'qr-7' })).toBe('qr-7');
  });

  it('keeps a driver the device reports, and adds nothing without a check-in', () => {
    expect(driverOf(qrDriver, { [QR_DEVICE_STATE.driverUniqueId]: 'qr-7' }, { driverUniqueId: 'ibutton-1' })).toBe('ibutton-1');
    expect(driverOf(qrDriver, {})).toBeUndefined();
    expect(driverOf(qrDriver, { [QR_DEVICE_STATE.driverUniqueId]: '' })).toBeUndefined();
  });
});

describe('linked driver handler (Traccar processing.useLinkedDriver)', () => {
  it('gives the position the first driver linked to the device or its groups when enabled', () => {
    expect(driverOf(linkedDriver, { 'processing.useLinkedDriver': true }, {}, ['d-1', 'd-2'])).toBe('d-1');
  });

  it('does nothing when disabled, without linked drivers, or when the position has a driver', () => {
    expect(driverOf(linkedDriver, {}, {}, ['d-1'])).toBeUndefined();
    expect(driverOf(linkedDriver, { 'processing.useLinkedDriver': true }, {}, [])).toBeUndefined();
    expect(driverOf(linkedDriver, { 'processing.useLinkedDriver': true }, { driverUniqueId: 'qr-7' }, ['d-1'])).toBe('qr-7');
  });
});
