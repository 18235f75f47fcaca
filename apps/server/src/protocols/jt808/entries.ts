import { ByteReader } from '../kit/byte-reader.ts';

/**
 * Type-length-value entries filling `data`, each value given as a reader of exactly its length
 * (whatever a decoder leaves unread is skipped). An entry running past the end ends the list.
 */
export function forEachEntry(data: ByteReader, typeSize: 1 | 2, lengthSize: 1 | 2, visit: (type: number, value: ByteReader) => void): void {
  while (data.remaining >= typeSize + lengthSize) {
    const type = data.uint(typeSize);
    const length = data.uint(lengthSize);
    if (length > data.remaining) return;
    visit(type, new ByteReader(data.bytes(length), `jt808 entry ${type.toString(16)}`));
  }
}

/** The MAC address of 6 bytes, colon-separated as Traccar writes it. */
export function macAddress(bytes: Buffer): string {
  return bytes.toString('hex').replace(/(..)(?!$)/g, '$1:');
}
