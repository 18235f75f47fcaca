import { ProtocolError } from '../codec.ts';

const CR = 0x0d;
const LF = 0x0a;
const COMMA = 0x2c;
const SENTENCES = [Buffer.from('GPRMC', 'latin1'), Buffer.from('GNRMC', 'latin1')];
const IMEI = Buffer.from('imei:', 'latin1');

/**
 * Bounds of a message's parts, well above what firmware writes (a 40-byte serial and phone
 * prefix, a 100-byte sentence, a 60-byte tail) and low enough that junk cannot make a frame long.
 */
const MAX_PREFIX = 256;
const MAX_SENTENCE = 1024;
const MAX_TAIL = 512;

const isLineBreak = (byte: number | undefined) => byte === CR || byte === LF;

function sentenceAt(buffer: Buffer, from: number): number {
  const found = SENTENCES.map((sentence) => buffer.indexOf(sentence, from)).filter((at) => at >= 0);
  return found.length > 0 ? Math.min(...found) : -1;
}

function lineBreakIn(buffer: Buffer, from: number, to: number): number {
  for (let at = from; at < Math.min(to, buffer.length); at++) if (isLineBreak(buffer[at])) return at;
  return -1;
}

/**
 * A message is `[serial,phone,]G[PN]RMC,…,imei:<digits>,[satellites,altitude,power,…]` and a line
 * break (firmware writes `\n\r`). Its core, from the RMC sentence to the comma after the IMEI, is
 * what every firmware sends; the frame takes the rest of the line when the line break is already
 * there before the next message, so the extended fields decode too. Without one (firmware that
 * writes no line breaks) the frame ends after the IMEI and whatever follows leads the next frame.
 */
export function xexunFrameLength(buffer: Buffer): number {
  let start = 0;
  while (isLineBreak(buffer[start])) start++; // the end of the previous line
  if (start === buffer.length) return 0;
  const sentence = sentenceAt(buffer, start);
  const prefixEnd = sentence < 0 ? buffer.length : sentence;
  if (lineBreakIn(buffer, start, prefixEnd) >= 0) throw new ProtocolError('xexun: a line without an RMC sentence');
  if (prefixEnd - start > MAX_PREFIX) throw new ProtocolError('xexun: no RMC sentence where a message starts');
  if (sentence < 0) return 0;
  const imei = buffer.indexOf(IMEI, sentence);
  const comma = imei < 0 ? -1 : buffer.indexOf(COMMA, imei + IMEI.length);
  const coreEnd = comma < 0 ? buffer.length : comma;
  if (coreEnd - sentence > MAX_SENTENCE) throw new ProtocolError('xexun: no IMEI after the RMC sentence');
  if (comma < 0) return 0;
  const next = sentenceAt(buffer, comma + 1);
  let end = lineBreakIn(buffer, comma + 1, Math.min(next < 0 ? buffer.length : next, comma + 1 + MAX_TAIL));
  if (end < 0) return comma + 1;
  while (isLineBreak(buffer[end])) end++;
  return end;
}

/**
 * The start of the line of the next RMC sentence; the sentence itself when that line began before
 * `from` (its start was junk) or its prefix is too long to be a serial and phone number.
 */
export function xexunFrameStart(buffer: Buffer, from: number): number {
  const sentence = sentenceAt(buffer, from);
  if (sentence < 0) return -1;
  let line = sentence;
  while (line > 0 && !isLineBreak(buffer[line - 1]) && sentence - line < MAX_PREFIX) line--;
  const lineStart = line === 0 || isLineBreak(buffer[line - 1]);
  return lineStart && line >= from ? line : sentence;
}
