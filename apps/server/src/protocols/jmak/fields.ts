import { KNOTS_PER_KMH } from '@rastro/api';
import { ProtocolError } from '../codec.ts';
import { KEY, PREFIX } from '../../position/keys.ts';
import type { DecodedPosition } from '../types.ts';

/** Sets what one value means on the position; null where the value is skipped. */
type Field = ((position: DecodedPosition, value: string) => void) | null;

/**
 * A field group is `<hex mask>;<value>;<value>…`: bit n of the mask says whether field n is
 * present, and the values follow in bit order. Bits beyond the table are not read. Returns the mask.
 */
export function decodeFields(position: DecodedPosition, values: string[], table: readonly Field[]): bigint {
  const maskText = values[0];
  if (!/^[0-9a-fA-F]{1,16}$/.test(maskText)) throw new ProtocolError(`jmak: bad field mask ${maskText}`);
  const mask = BigInt(`0x${maskText}`);
  let index = 1;
  table.forEach((field, bit) => {
    if (((mask >> BigInt(bit)) & 1n) === 0n) return;
    if (field) {
      const value = values.at(index);
      if (value === undefined) throw new ProtocolError(`jmak: field ${bit} is missing`);
      field(position, value);
    }
    index++;
  });
  return mask;
}

function integer(text: string): number {
  if (!/^[-+]?\d+$/.test(text)) throw new ProtocolError(`jmak: ${text} is not an integer`);
  return Number(text);
}

function decimal(text: string): number {
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value)) throw new ProtocolError(`jmak: ${text} is not a number`);
  return value;
}

/** A coordinate within ±limit degrees; beyond it the report is corrupt (Traccar drops it too). */
function coordinate(text: string, limit: number): number {
  const value = decimal(text);
  if (Math.abs(value) > limit) throw new ProtocolError(`jmak: coordinate ${text} out of range`);
  return value;
}

/** Times are milliseconds since 1970. */
function time(text: string): Date {
  const date = new Date(integer(text));
  if (Number.isNaN(date.getTime())) throw new ProtocolError(`jmak: ${text} is not a time`);
  return date;
}

const HOUR_MS = 3_600_000;

/** Event group bits of the latitude and longitude: without both the report has no location. */
export const LOCATION_BITS = (1n << 5n) | (1n << 6n);

/** The event group: identity, fix, status, event and inputs. */
export const EVENT_FIELDS: readonly Field[] = [
  null, // serial number
  null, // IMEI (the identifier, taken before)
  (p, v) => (p.attributes[PREFIX.count] = integer(v)),
  (p, v) => {
    if (v !== 'NULL') p.attributes.nickname = v;
  },
  (p, v) => (p.fixTime = p.deviceTime = time(v)),
  (p, v) => (p.latitude = coordinate(v, 90)),
  (p, v) => (p.longitude = coordinate(v, 180)),
  (p, v) => (p.altitude = decimal(v)),
  null, // unused
  (p, v) => (p.speed = decimal(v) * KNOTS_PER_KMH),
  (p, v) => (p.attributes[KEY.sat] = integer(v)),
  (p, v) => (p.attributes[KEY.rssi] = integer(v)),
  (p, v) => (p.attributes[KEY.hdop] = decimal(v)),
  (p, v) => (p.course = decimal(v)),
  (p, v) => (p.attributes[KEY.ignition] = integer(v) === 1),
  (p, v) => (p.attributes.backup = integer(v) === 1),
  (p, v) => (p.attributes[KEY.hours] = decimal(v) * HOUR_MS),
  (p, v) => (p.attributes[KEY.odometer] = decimal(v) * 1000),
  (p, v) => (p.attributes[KEY.event] = integer(v)),
  (p, v) => (p.attributes.eventStatus = integer(v)),
  (p, v) => {
    p.attributes.eventName = v;
    // Event 126 in state 4 is a driver identification: the name is the driver's id.
    if (p.attributes[KEY.event] === 126 && p.attributes.eventStatus === 4) p.attributes[KEY.driverUniqueId] = v;
  },
  (p, v) => (p.attributes[KEY.vin] = integer(v)), // a number, as Traccar stores it
  (p, v) => (p.attributes[KEY.battery] = integer(v)),
  (p, v) => (p.attributes[KEY.operator] = v), // the operator's name, as Traccar stores it
  null, // cellular technology
  (p, v) => (p.deviceTime = time(v)),
  (p, v) => (p.valid = integer(v) >= 1),
  (p, v) => {
    const io = integer(v);
    p.attributes[`${PREFIX.in}1`] = (io & 1) !== 0;
    p.attributes[`${PREFIX.in}2`] = (io & 2) !== 0;
    p.attributes[`${PREFIX.out}1`] = (io & 4) !== 0;
    p.attributes[`${PREFIX.out}2`] = (io & 8) !== 0;
  },
  (p, v) => (p.attributes[KEY.driverUniqueId] = v),
  null, // transparent message length
  (p, v) => (p.attributes.message = v),
  null,
  null,
  null,
  null,
];

/** The CAN bus group: engine and fuel figures. */
export const CAN_FIELDS: readonly Field[] = [
  (p, v) => (p.attributes[KEY.obdOdometer] = decimal(v) * 1000),
  (p, v) => (p.attributes[KEY.hours] = decimal(v) * HOUR_MS),
  (p, v) => (p.attributes[KEY.obdSpeed] = decimal(v)),
  (p, v) => (p.attributes[KEY.rpm] = decimal(v)),
  (p, v) => (p.attributes.canStatus = integer(v)),
  null,
  (p, v) => (p.attributes[KEY.throttle] = decimal(v)),
  null,
  (p, v) => (p.attributes[KEY.fuel] = decimal(v)),
  null,
  (p, v) => (p.attributes.autonomy = decimal(v)),
  null,
  (p, v) => (p.attributes[KEY.fuelConsumption] = decimal(v)),
  (p, v) => (p.attributes[KEY.fuelUsed] = decimal(v)),
  (p, v) => (p.attributes.oilTemperature = decimal(v)),
];
