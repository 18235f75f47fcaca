import type { ByteReader } from '../kit/byte-reader.ts';

/** A message opens with the options header when its first byte has the top bit set. */
const HAS_OPTIONS = 0x80;
const MOBILE_ID = 0x01;
/** Mobile id type, authentication, routing, forwarding, response redirection: length-prefixed, not used. */
const SKIPPED_FIELDS = [0x02, 0x04, 0x08, 0x10, 0x20];

/**
 * Reads the options header, if any, and returns the mobile id it carries: the id bytes as hex
 * digits, the `f` nibbles padding short ids dropped (ESN and IMEI are sent as BCD).
 */
export function readOptions(reader: ByteReader): string | undefined {
  if ((reader.peek() & HAS_OPTIONS) === 0) return undefined;
  const content = reader.u8();
  let mobileId: string | undefined;
  if (content & MOBILE_ID) mobileId = reader.bytes(reader.u8()).toString('hex').replace(/f+$/, '') || undefined;
  for (const field of SKIPPED_FIELDS) if (content & field) reader.skip(reader.u8());
  return mobileId;
}
