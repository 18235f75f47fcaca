import { KNOTS_PER_KMH } from '@rastro/api';
import { ProtocolError, type ConnectionState } from '../codec.ts';
import { modelOf } from '../kit/settings.ts';
import { buildNetwork } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';
import { KEY, PREFIX } from '../../position/keys.ts';
import { blankPosition, setEvent } from './position.ts';

/**
 * The text report (AAA, and the command replies that carry one):
 * `[<n>,]<event>,<lat>,<lon>,<yymmddhhmmss>,<A|V>,<sat>,<gsm>,<kph>,<course>,<hdop>,<alt>,
 * <odometer>,<runtime>,<mcc|mnc|lac|cid>,<in><out>,<analog inputs>,` and an optional tail of
 * event data, protocol version, fuel, temperatures and extra data. Null when the text is not a report.
 */
export function decodeTextReport(data: string, state: ConnectionState): DecodedPosition | null {
  const values = data.split(',');
  // AFF (cached) reports put a serial number before the event.
  const at = /^\d+$/.test(values[1] ?? '') ? 1 : 0;
  const fields = values.slice(at, at + 16);
  if (fields.length < 16 || !isReport(fields)) return null;
  const [event, lat, lon, time, validity, sat, rssi, kph, course, hdop, altitude, odometer, runtime, cell, io, analog] = fields;

  const position = blankPosition(dateOf(time));
  setEvent(position, Number(event));
  position.latitude = Number(lat);
  position.longitude = Number(lon);
  if (Math.abs(position.latitude) > 90 || Math.abs(position.longitude) > 180) throw new ProtocolError(`meitrack: coordinates ${lat},${lon} out of range`);
  position.valid = validity === 'A';
  position.speed = Number(kph) * KNOTS_PER_KMH;
  position.course = Number(course);
  position.altitude = Number(altitude);
  position.attributes[KEY.sat] = Number(sat);
  position.attributes[KEY.hdop] = Number(hdop);
  position.attributes[KEY.odometer] = Number(odometer);
  // Traccar keeps the runtime (seconds) as the text it came in.
  position.attributes.runtime = runtime;

  const [mcc, mnc, lac, cid] = cell.split('|');
  if (Number(mcc) !== 0 && Number(mnc) !== 0) {
    const tower = { mobileCountryCode: Number(mcc), mobileNetworkCode: Number(mnc), locationAreaCode: hex(lac), cellId: hex(cid), signalStrength: Number(rssi) };
    position.network = buildNetwork([tower], []);
  }
  position.attributes[KEY.input] = parseInt(io.slice(0, 2), 16);
  position.attributes[KEY.output] = parseInt(io.slice(2), 16);
  decodeAnalog(position, analog.split('|'), modelOf(state));

  const tail = values.slice(at + 16);
  if (tail.length > 0) decodeTail(position, tail.join(','));
  return position;
}

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(?:\.\d*)?$/;
/** Coordinates, and voltages in the decimal form of the analog inputs. */
const WITH_POINT = /^-?\d+\.\d+$/;
const HEX = /^[0-9A-Fa-f]*$/;

function isReport(fields: string[]): boolean {
  const [event, lat, lon, time, validity, sat, rssi, kph, course, hdop, altitude, odometer, runtime, cell, io] = fields;
  return (
    /^\d+$/.test(event) && WITH_POINT.test(lat) && WITH_POINT.test(lon) && /^\d{12}$/.test(time) && /^[AV]$/.test(validity) &&
    [sat, rssi, odometer, runtime].every((value) => /^\d+$/.test(value)) &&
    [kph, course, hdop].every((value) => DECIMAL.test(value)) && INTEGER.test(altitude) &&
    /^\d+\|\d+\|[0-9A-Fa-f]*\|[0-9A-Fa-f]*$/.test(cell) && /^[0-9A-Fa-f]{4}$/.test(io)
  );
}

function dateOf(text: string): Date {
  const [year, month, day, hour, minute, second] = (text.match(/\d\d/g) ?? []).map(Number);
  const date = new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    throw new ProtocolError(`meitrack: bad date and time ${text}`);
  }
  return date;
}

function hex(text: string): number {
  return text === '' ? 0 : parseInt(text, 16);
}

/** Battery and power in volts from the hex readings. */
interface AnalogScale {
  battery: (reading: number) => number;
  power: (reading: number) => number;
}

const HUNDREDTHS: AnalogScale = { battery: (v) => v / 100, power: (v) => v / 100 };

/** Models that send ADC readings (the MT90's power input stays raw, as Traccar leaves it). */
const ADC_MODELS: [string[], AnalogScale][] = [
  [['MVT340', 'MVT380'], { battery: (v) => (v * 3 * 2) / 1024, power: (v) => (v * 3 * 16) / 1024 }],
  [['MT90'], { battery: (v) => (v * 3.3 * 2) / 4096, power: (v) => v }],
  [['MT90G'], { battery: (v) => (v * 3 * 2) / 4096, power: (v) => v }],
  [['T1', 'T3', 'MVT100', 'MVT600', 'MVT800', 'TC68', 'TC68S'], { battery: (v) => (v * 3.3 * 2) / 4096, power: (v) => (v * 3.3 * 16) / 4096 }],
];

const ANALOG_SCALES = new Map(ADC_MODELS.flatMap(([models, scale]) => models.map((model) => [model, scale] as const)));

/**
 * Either `battery|power|rtc|mcu|gps` in volts, or `ad1|ad2|ad3|battery|power` in hex, which
 * newer firmware sends in hundredths of a volt and older models as ADC readings.
 */
function decodeAnalog(position: DecodedPosition, parts: string[], model: string): void {
  if (parts.length !== 5) throw new ProtocolError('meitrack: analog inputs are not five');
  if (parts.every((part) => WITH_POINT.test(part))) {
    position.attributes[KEY.battery] = Number(parts[0]);
    position.attributes[KEY.power] = Number(parts[1]);
    return;
  }
  if (!parts.every((part) => HEX.test(part)) || parts[3] === '') throw new ProtocolError('meitrack: bad analog inputs');
  parts.slice(0, 3).forEach((part, i) => {
    if (part !== '') position.attributes[`${PREFIX.adc}${i + 1}`] = parseInt(part, 16);
  });
  const scale = ANALOG_SCALES.get(model) ?? HUNDREDTHS;
  position.attributes[KEY.battery] = scale.battery(parseInt(parts[3], 16));
  position.attributes[KEY.power] = scale.power(hex(parts[4]));
}

/**
 * `[<event data>,]<reserved>,<protocol>,<fuel>[,<temperatures>[,<count>,<data>]]`, where the
 * event data is only there for some events; anything else is left undecoded.
 */
const TAIL = /^(?:([^,]*),)?[^,]*,(\d*),([0-9A-Fa-f]{4})?(?:,([0-9A-Fa-f]{6}(?:\|[0-9A-Fa-f]{6})*)?(?:,(\d+),(.*))?)?$/s;

function decodeTail(position: DecodedPosition, tail: string): void {
  const match = TAIL.exec(tail);
  if (!match) return;
  const [, eventData, protocol, fuel, temperatures, count, data] = match as (string | undefined)[];
  if (eventData) {
    // Event 37 is an RFID card swipe.
    if (position.attributes[KEY.event] === 37) position.attributes[KEY.driverUniqueId] = eventData;
    else position.attributes.eventData = eventData;
  }
  if (fuel) position.attributes[KEY.fuel] = parseInt(fuel.slice(0, 2), 16) + parseInt(fuel.slice(2), 16) / 100;
  for (const temperature of temperatures?.split('|') ?? []) {
    const index = parseInt(temperature.slice(0, 2), 16);
    position.attributes[`${PREFIX.temp}${index}`] = Number(protocol) >= 3 ? newTemperature(temperature) : oldTemperature(temperature);
  }
  if (count !== undefined && data !== undefined) decodeDataFields(position, data.split(','));
}

/** Protocol 3 and later: a signed 16-bit value in hundredths of a degree. */
function newTemperature(text: string): number {
  const value = parseInt(text.slice(2), 16);
  return (value >= 0x8000 ? value - 0x10000 : value) / 100;
}

/** Earlier protocols: signed whole degrees, then hundredths away from zero. */
function oldTemperature(text: string): number {
  const whole = parseInt(text.slice(2, 4), 16);
  const degrees = whole >= 0x80 ? whole - 0x100 : whole;
  return degrees + (degrees < 0 ? -0.01 : 0.01) * parseInt(text.slice(4), 16);
}

/** Extra data: temperature sensor text in the second field, taximeter in the sixth. */
function decodeDataFields(position: DecodedPosition, values: string[]): void {
  if (values[1]) position.attributes.tempData = values[1];
  const taximeter = values[5]?.split('|');
  if (!taximeter || taximeter.length < 2 || taximeter[0].length < 2) return;
  position.attributes.taximeterOn = taximeter[0][1] === '0';
  position.attributes.taximeterStart = taximeter[1];
  if (taximeter.length < 7) return;
  const [, , end, distance, fare, trip, wait] = taximeter;
  position.attributes.taximeterEnd = end;
  if (/^\d+$/.test(distance)) position.attributes.taximeterDistance = Number(distance);
  if (/^\d+$/.test(fare)) position.attributes.taximeterFare = Number(fare);
  position.attributes.taximeterTrip = trip;
  position.attributes.taximeterWait = wait;
}
