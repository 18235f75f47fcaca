import { ProtocolError } from '../codec.ts';
import { textNumberReaders } from '../kit/text-numbers.ts';

const TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

const readers = textNumberReaders('gl200: ');
const { invalid } = readers;
export const { parseInteger, parseHex, parseDecimal } = readers;

/** `yyyyMMddHHmmss` in UTC, how every Queclink report writes its times. */
export function parseTime(text: string): Date {
  const match = TIME.exec(text);
  if (!match) throw invalid('a time', text);
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number);
  const time = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  // Date.UTC rolls 2024-02-30 over to March; a time that does not read back was not a time.
  const readBack = [time.getUTCFullYear(), time.getUTCMonth() + 1, time.getUTCDate(), time.getUTCHours(), time.getUTCMinutes(), time.getUTCSeconds()];
  if (readBack.join() !== [year, month, day, hours, minutes, seconds].join()) throw invalid('a time', text);
  return time;
}

/** An hour meter `hhhhh:mm:ss` (minutes and seconds may be missing) in milliseconds, Traccar's unit for `hours`. */
export function parseHours(text: string): number | undefined {
  if (text === '') return undefined;
  const [hours, minutes = '0', seconds = '0'] = text.split(':');
  return (parseInteger(hours) * 3600 + parseInteger(minutes) * 60 + parseInteger(seconds)) * 1000;
}

/** A value that may be absent: a field left empty, or a regex group that did not take part. */
export function present(text: string | undefined): text is string {
  return text !== undefined && text !== '';
}

/** Applies `parse` to a field that may be empty. */
export function optional<T>(text: string | undefined, parse: (text: string) => T): T | undefined {
  return present(text) ? parse(text) : undefined;
}

/**
 * The comma-separated fields of a text report, read in order by index. Fields the firmware leaves
 * off the end are missing as the device's own parser would see them (trailing empty fields do not
 * count); reading past the last field is a malformed report.
 */
export class Fields {
  index = 0;
  readonly values: string[];

  constructor(sentence: string) {
    const values = sentence.split(',');
    while (values.length > 1 && values[values.length - 1] === '') values.pop();
    this.values = values;
  }

  get length(): number {
    return this.values.length;
  }

  /** The field at `index` (absolute). */
  at(index: number): string {
    if (index < 0 || index >= this.values.length) throw new ProtocolError(`gl200: field ${index + 1} is missing`);
    return this.values[index];
  }

  /** The field `offset` places ahead, left unread. */
  peek(offset = 0): string {
    return this.at(this.index + offset);
  }

  next(): string {
    const value = this.at(this.index);
    this.index += 1;
    return value;
  }

  skip(count = 1): void {
    this.index += count;
  }

  /** The report time, last but one of every report (the count number is last). */
  time(): Date {
    return parseTime(this.at(this.values.length - 2));
  }

  int(): number | undefined {
    return optional(this.next(), parseInteger);
  }

  hex(): number | undefined {
    return optional(this.next(), parseHex);
  }

  decimal(): number | undefined {
    return optional(this.next(), parseDecimal);
  }

  /** The next field when not empty; an empty one is consumed all the same. */
  text(): string | undefined {
    const value = this.next();
    return value === '' ? undefined : value;
  }
}
