import type { Alarm } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import { addAlarm, KEY, PREFIX } from '../../position/keys.ts';

/**
 * A big-endian value: 1, 2 and 4 bytes unsigned, 8 bytes signed (Traccar's reading). 8-byte
 * values beyond 2^53 lose precision, as any JSON number would.
 */
function unsigned(value: Buffer): number {
  return value.length === 8 ? Number(value.readBigInt64BE()) : value.readUIntBE(0, value.length);
}

function signed(value: Buffer): number {
  return value.length === 8 ? Number(value.readBigInt64BE()) : value.readIntBE(0, value.length);
}

type IoHandler = (value: Buffer, position: DecodedPosition) => void;

const scaled =
  (key: string, factor = 1, read = unsigned): IoHandler =>
  (value, position) => {
    position.attributes[key] = read(value) * factor;
  };

const divided =
  (key: string, divisor: number, read = unsigned): IoHandler =>
  (value, position) => {
    position.attributes[key] = read(value) / divisor;
  };

const flag =
  (key: string): IoHandler =>
  (value, position) => {
    position.attributes[key] = unsigned(value) > 0;
  };

const alarmWhen =
  (alarm: Alarm, active: (value: number) => boolean): IoHandler =>
  (value, position) => {
    if (active(unsigned(value))) addAlarm(position.attributes, alarm);
  };

const set = (value: number) => value > 0;

/** Ruptela's IO ids as Traccar names them; any other id is kept as `io<id>`. */
const IO_HANDLERS = new Map<number, IoHandler>([
  [2, scaled(`${PREFIX.in}1`)],
  [3, scaled(`${PREFIX.in}2`)],
  [4, scaled(`${PREFIX.in}3`)],
  [5, scaled(`${PREFIX.in}4`)],
  [13, flag(KEY.motion)],
  [173, flag(KEY.motion)],
  [20, scaled(`${PREFIX.adc}3`)],
  [21, scaled(`${PREFIX.adc}4`)],
  [22, scaled(`${PREFIX.adc}1`)],
  [23, scaled(`${PREFIX.adc}2`)],
  [29, divided(KEY.power, 1000)],
  [30, divided(KEY.battery, 1000)],
  [32, scaled('deviceTemp', 1, signed)],
  // iButton: the key's bytes in hex.
  [34, (value, position) => (position.attributes[KEY.driverUniqueId] = value.toString('hex'))],
  [39, scaled('engineLoad')],
  [65, scaled(KEY.odometer)],
  [74, divided(`${PREFIX.temp}3`, 10, signed)],
  [78, divided(`${PREFIX.temp}0`, 10, signed)],
  [79, divided(`${PREFIX.temp}1`, 10, signed)],
  [80, divided(`${PREFIX.temp}2`, 10, signed)],
  [88, alarmWhen('jamming', set)],
  [94, scaled(KEY.rpm, 0.25)],
  [95, scaled(KEY.obdSpeed)],
  [98, (value, position) => (position.attributes[KEY.fuel] = (unsigned(value) * 100) / 255)],
  [100, divided(KEY.fuelConsumption, 20)],
  [134, alarmWhen('hardBraking', set)],
  [136, alarmWhen('hardAcceleration', set)],
  [150, scaled(KEY.operator)],
  // CAN odometers in units of 5 m.
  [163, scaled(KEY.odometer, 5)],
  [164, scaled(KEY.tripOdometer, 5)],
  [165, divided(KEY.obdSpeed, 256)],
  [166, scaled(KEY.rpm, 0.125)],
  [197, scaled(KEY.rpm, 0.125)],
  [170, flag(KEY.charge)],
  [205, scaled(KEY.fuel)],
  [207, scaled(KEY.fuelLevel, 0.4)],
  [208, scaled(KEY.fuelUsed, 0.5)],
  [251, flag(KEY.ignition)],
  [409, flag(KEY.ignition)],
  [410, alarmWhen('tow', set)],
  [411, alarmWhen('accident', set)],
  [415, alarmWhen('gpsAntennaCut', (value) => value === 0)],
  [645, scaled(KEY.obdOdometer, 1000)],
  [758, alarmWhen('tampering', (value) => value === 1)],
]);

/** Ids whose two 8-byte halves make one value: CAN driver card, tachograph driver card, tag id. */
const PAIRS: [number, number, (first: Buffer, second: Buffer, position: DecodedPosition) => void][] = [
  [126, 127, driverCard],
  [155, 156, driverCard],
  [760, 761, (first, second, position) => (position.attributes.tagId = hex(first) + hex(second))],
];
const PAIRED = new Set(PAIRS.flatMap(([first, second]) => [first, second]));

/** The card number in ASCII, padded with NULs (all NULs: no card). */
function driverCard(first: Buffer, second: Buffer, position: DecodedPosition): void {
  const card = Buffer.concat([first, second]).toString('latin1').replaceAll('\0', '');
  if (card !== '') position.attributes[KEY.driverUniqueId] = card;
}

/** Traccar prints each half in hex without leading zeros. */
function hex(value: Buffer): string {
  return value.readBigUInt64BE().toString(16);
}

/**
 * The IO values of one position, possibly from several merged records: the halves of paired
 * values wait for each other; `finish` sets what stayed unpaired as plain `io<id>` values.
 */
export class IoValues {
  private readonly halves = new Map<number, Buffer>();

  constructor(private readonly position: DecodedPosition) {}

  set(id: number, value: Buffer): void {
    if (PAIRED.has(id) && value.length === 8) {
      this.halves.set(id, value);
      this.pair();
      return;
    }
    const handler = IO_HANDLERS.get(id);
    if (handler) handler(value, this.position);
    else this.position.attributes[`${PREFIX.io}${id}`] = unsigned(value);
  }

  finish(): void {
    for (const [id, value] of this.halves) this.position.attributes[`${PREFIX.io}${id}`] = unsigned(value);
    this.halves.clear();
  }

  private pair(): void {
    for (const [first, second, combine] of PAIRS) {
      const a = this.halves.get(first);
      const b = this.halves.get(second);
      if (!a || !b) continue;
      combine(a, b, this.position);
      this.halves.delete(first);
      this.halves.delete(second);
    }
  }
}
