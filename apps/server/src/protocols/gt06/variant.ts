/**
 * Clone firmwares reuse protocol numbers with layouts of their own. Like Traccar, they are told
 * apart by the frame's header, protocol number and length field alone ('standard' otherwise).
 */
export type Variant =
  | 'standard'
  | 'vxt01'
  | 'wanwayS20'
  | 'sr411Mini'
  | 'gt06eCard'
  | 'benway'
  | 's5'
  | 'space10x'
  | 'obd6'
  | 'wetrust'
  | 'jc400'
  | 'sl4x'
  | 'seeworld'
  | 'rfid'
  | 'lw4g'
  | 'trx16i';

/** Short-header (78 78) variants by protocol number, then by length field. */
const BY_LENGTH = new Map<number, [(length: number) => boolean, Variant][]>([
  [
    0x12,
    [
      [(l) => l === 0x24, 'vxt01'],
      [(l) => l >= 0x71, 'gt06eCard'],
      [(l) => l === 0x21, 'benway'],
      [(l) => l === 0x2b, 's5'],
      [(l) => l === 0x29, 'wetrust'],
    ],
  ],
  [
    0x16,
    [
      [(l) => l === 0x24, 'vxt01'],
      [(l) => l === 0x26, 'seeworld'],
      [(l) => l === 0x2d, 'trx16i'],
    ],
  ],
  [
    0x24,
    [
      [(l) => l === 0x31, 'wanwayS20'],
      [(l) => l === 0x2e, 'sr411Mini'],
    ],
  ],
  [0x19, [[(l) => l >= 0x17, 'space10x']]],
  [0x13, [[(l) => l === 0x13, 'obd6']]],
  [0x34, [[(l) => l === 0x37, 'sl4x']]],
  [0x31, [[(l) => l === 0x2a, 'sl4x']]],
  [0x32, [[(l) => l === 0x27 || l === 0x29, 'sl4x']]],
  [0x22, [[(l) => l === 0x2f, 'seeworld']]],
  [0xa3, [[(l) => l === 0x0c || l === 0x18, 'seeworld']]],
  [0x17, [[(l) => l === 0x28, 'rfid']]],
  [0xa2, [[(l) => l === 0x40, 'lw4g']]],
  [0x36, [[(l) => l === 0x35, 'trx16i']]],
]);

const DASHCAM_ALARM = 0x95;

export function variantOf(frame: Buffer, extended: boolean, type: number, length: number): Variant {
  if (extended) return 'standard';
  // JC400 dashcams mark their extended alarm layout with FF FF after the protocol number.
  if (type === DASHCAM_ALARM) return frame.length >= 6 && frame.readUInt16BE(4) === 0xffff ? 'jc400' : 'standard';
  return BY_LENGTH.get(type)?.find(([matches]) => matches(length))?.[1] ?? 'standard';
}
