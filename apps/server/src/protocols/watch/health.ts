import { PREFIX } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';
import { outdatedPosition } from './position.ts';
import { decimal, fields, integer } from './values.ts';

type HealthReader = (values: string[], attributes: DecodedPosition['attributes']) => void;

/** Measurements by message type (matched in any case: `heart`, `HEART`, `bphrt`…). */
const READERS = new Map<string, HealthReader>([
  ['PULSE', heartRate(0)],
  ['HEART', heartRate(0)],
  ['BLOOD', bloodPressure],
  ['BPHRT', bloodPressure],
  ['TEMP', (values, attributes) => setNumber(attributes, `${PREFIX.temp}1`, decimal(values[0]))],
  ['BTEMP2', bodyTemperature],
  ['OXYGEN', (values, attributes) => setNumber(attributes, 'bloodOxygen', integer(values[1]))],
]);

export function isHealthType(type: string): boolean {
  return READERS.has(type.toUpperCase());
}

/**
 * A measurement the watch took (heart rate, blood pressure, body temperature, blood oxygen), as a
 * position at the receive time without a fix of its own. Null when the message carries no values.
 */
export function decodeHealth(type: string, body: string, receivedAt: Date): DecodedPosition | null {
  const read = READERS.get(type.toUpperCase());
  if (!read || body === '') return null;
  const position = outdatedPosition(receivedAt);
  read(fields(body), position.attributes);
  return position;
}

function heartRate(index: number): HealthReader {
  return (values, attributes) => setNumber(attributes, 'heartRate', integer(values[index]));
}

/** Systolic and diastolic pressure (kept as text, as Traccar does), then the heart rate when present. */
function bloodPressure(values: string[], attributes: DecodedPosition['attributes']): void {
  attributes.pressureHigh = values[0];
  if (values.length > 1) attributes.pressureLow = values[1];
  heartRate(2)(values, attributes);
}

/** A first field of 0 means the reading failed. */
function bodyTemperature(values: string[], attributes: DecodedPosition['attributes']): void {
  if ((integer(values[0]) ?? 0) > 0) setNumber(attributes, `${PREFIX.temp}1`, decimal(values[1]));
}

function setNumber(attributes: DecodedPosition['attributes'], key: string, value: number | undefined): void {
  if (value !== undefined) attributes[key] = value;
}
