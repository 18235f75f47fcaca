import { describe, expect, it } from 'vitest';
import { computedEarly, computedLate, convert } from './computed.ts';
import type { ComputedInfo } from './device-context.ts';
import { deviceContext, storedAt, workingAt } from './testing/positions.ts';

let nextId = 1;
const attribute = (attr: string, expression: string, type: string, priority = 0): ComputedInfo => ({ id: nextId++, attribute: attr, expression, type, priority });
/** As the context holds them: highest priority first. */
const contextWith = (computed: ComputedInfo[], settings: Record<string, unknown> = {}) =>
  deviceContext(settings, { computed: [...computed].sort((a, b) => b.priority - a.priority) });

describe('computed attributes (Traccar ComputedAttributesHandler)', () => {
  it('sets attributes from expressions over the position fields and attributes, converted to the declared type', () => {
    const context = contextWith([
      attribute('speedKmh', 'speed * 1.852', 'number'),
      attribute('running', 'ignition && speed > 0', 'boolean'),
      attribute('label', '"v" + power', 'string'),
    ]);
    const result = computedLate(workingAt(60, { speed: 10, attributes: { ignition: true, power: 12.5 } }), null, context)!;
    expect(result.attributes).toEqual({ ignition: true, power: 12.5, speedKmh: 18.52, running: true, label: 'v12.5' });
  });

  it('runs the negative priorities in the early pass and the others in the late pass, highest first', () => {
    const context = contextWith([
      attribute('b', 'a + 1', 'number', -2),
      attribute('a', '1', 'number', -1),
      attribute('c', 'a * 10', 'number', 0),
      attribute('d', 'c + 1', 'number', 5),
    ]);
    const early = computedEarly(workingAt(60), null, context)!;
    expect(early.attributes).toEqual({ a: 1, b: 2 });
    // d (priority 5) runs before c exists
    expect(computedLate(early, null, context)!.attributes).toEqual({ a: 1, b: 2, c: 10 });
  });

  it('sets position fields when the target is one', () => {
    const context = contextWith([attribute('speed', 'speed / 2', 'number'), attribute('valid', 'sat >= 4 ? 1 : 0', 'number')]);
    const result = computedLate(workingAt(60, { speed: 30, valid: true, attributes: { sat: 3 } }), null, context)!;
    expect(result).toMatchObject({ speed: 15, valid: false, attributes: { sat: 3 } });
  });

  it('removes the attribute when the value is empty or not a number, and skips a failing expression', () => {
    const context = contextWith([
      attribute('fuel', 'missing', 'number'),
      attribute('temp', '"hot"', 'number'),
      attribute('keep', '(((', 'number'),
    ]);
    const result = computedLate(workingAt(60, { attributes: { fuel: 40, temp: 20, keep: 1 } }), null, context)!;
    expect(result.attributes).toEqual({ keep: 1 });
  });

  it('sees the last position attributes as last<Name> only when processing.computedAttributes.lastAttributes is on', () => {
    const rise = [attribute('rise', 'fuel - lastFuel', 'number')];
    const last = storedAt(0, { attributes: { fuel: 30 } });
    const position = workingAt(60, { attributes: { fuel: 35 } });
    expect(computedLate(position, last, contextWith(rise, { 'processing.computedAttributes.lastAttributes': true }))!.attributes.rise).toBe(5);
    expect(computedLate(position, last, contextWith(rise))!.attributes.rise).toBeUndefined();
  });

  it('converts values as Traccar stores them', () => {
    expect(convert('12.5', 'number')).toBe(12.5);
    expect(convert(Infinity, 'number')).toBeUndefined();
    expect(convert(0, 'boolean')).toBe(false);
    expect(convert({ a: 1 }, 'string')).toBe('{"a":1}');
    expect(convert(null, 'string')).toBeUndefined();
  });
});
