import type { DecodedPosition } from '../types.ts';
import { newPosition, setReportTime, type DecodeContext, type Report } from './position.ts';
import { parseTime, present } from './values.ts';

/**
 * Pieces of the report patterns. Every text report opens with its header, the protocol version
 * (device type code and version digits; left empty by some firmware), the IMEI (or a 14-digit
 * hex MEID) and usually the device name, and ends with the send time and a hex count number.
 */
export const VERSION = String.raw`(?:.{6}|.{10})?,`;
export const IMEI = String.raw`(?<imei>\d{15}|[0-9a-fA-F]{14}),`;
export const NAME = String.raw`[^,]*,`;
export const TAIL = String.raw`(?<time>\d{14})?,[0-9a-fA-F]{4}(?:\$)?`;

/** A whole-report pattern (`.` also matches line breaks, which some payloads carry). */
export function reportPattern(...parts: string[]): RegExp {
  return new RegExp(`^${parts.join('')}$`, 's');
}

export type Groups = Partial<Record<string, string>>;

/** The named groups of a match of the whole sentence, with the IMEI every pattern captures. */
export function matchReport(pattern: RegExp, sentence: string): (Groups & { imei: string }) | null {
  const groups = pattern.exec(sentence)?.groups;
  return groups?.imei !== undefined ? (groups as Groups & { imei: string }) : null;
}

/** Applies the send time at the end of a report, when it is there. */
export function applyReportTime(position: DecodedPosition, groups: Groups, context: DecodeContext): void {
  if (present(groups.time)) setReportTime(position, parseTime(groups.time), context);
}

/**
 * A report read by one whole-sentence pattern: a new position that `fill` completes from the
 * groups, then the send time. Null when the sentence does not match.
 */
export function decodeMatchedReport(
  pattern: RegExp,
  sentence: string,
  context: DecodeContext,
  fill: (position: DecodedPosition, groups: Groups) => void,
): Report | null {
  const groups = matchReport(pattern, sentence);
  if (!groups) return null;
  const position = newPosition(context);
  fill(position, groups);
  applyReportTime(position, groups, context);
  return { uniqueId: groups.imei, positions: [position] };
}
