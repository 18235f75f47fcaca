import { ProtocolError } from '../codec.ts';
import { textNumberReaders } from '../kit/text-numbers.ts';

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;

const readers = textNumberReaders();
const { invalid } = readers;
export const { parseInteger, parseDecimal, parseHex } = readers;

/** Reads the `;`-separated fields of a text report in order; a missing or malformed field is a malformed frame. */
export class Fields {
  private index = 0;

  constructor(private readonly values: string[]) {}

  get remaining(): number {
    return this.values.length - this.index;
  }

  peek(): string | undefined {
    return this.values[this.index];
  }

  skip(count = 1): void {
    this.index += count;
  }

  text(): string {
    if (this.index >= this.values.length) throw new ProtocolError(`field ${this.index + 1} is missing`);
    return this.values[this.index++];
  }

  /** Everything not read yet, joined back with `;`. */
  rest(): string {
    const rest = this.values.slice(this.index).join(';');
    this.index = this.values.length;
    return rest;
  }

  int(): number {
    return parseInteger(this.text());
  }

  decimal(): number {
    return parseDecimal(this.text());
  }

  hex(): number {
    return parseHex(this.text());
  }

  latitude(): number {
    return inRange(this.decimal(), 90, 'latitude');
  }

  longitude(): number {
    return inRange(this.decimal(), 180, 'longitude');
  }

  /** `yyyymmdd;hh:mm:ss`, UTC. */
  dateTime(): Date {
    const dateText = this.text();
    const timeText = this.text();
    const date = DATE.exec(dateText);
    const time = TIME.exec(timeText);
    if (!date || !time) throw invalid('a date and time', `${dateText};${timeText}`);
    const parts = [...date.slice(1), ...time.slice(1)].map(Number);
    const [year, month, day, hours, minutes, seconds] = parts;
    const result = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
    // Date.UTC rolls 2024-02-30 over to March; a date that does not read back was not a date.
    const readBack = [
      result.getUTCFullYear(),
      result.getUTCMonth() + 1,
      result.getUTCDate(),
      result.getUTCHours(),
      result.getUTCMinutes(),
      result.getUTCSeconds(),
    ];
    if (readBack.join() !== parts.join()) throw invalid('a date and time', `${dateText};${timeText}`);
    return result;
  }
}

/** A coordinate beyond the globe is a misread report: Traccar refuses it too. */
export function inRange(value: number, limit: number, name: string): number {
  if (Math.abs(value) > limit) throw new ProtocolError(`${name} out of range: ${value}`);
  return value;
}
