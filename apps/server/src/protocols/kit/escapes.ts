/**
 * Undoes a protocol's two-byte escapes: `escape` followed by a code stands for the byte `resolve`
 * gives for that code (`undefined` when the escape is the last byte). Protocols differ in what an
 * unknown code means, so `resolve` decides: throw for a broken message, or give `undefined` to
 * drop the pair as Traccar does for some.
 */
export function unescapeBytes(bytes: Buffer, escape: number, resolve: (code: number | undefined) => number | undefined): Buffer {
  const out = Buffer.alloc(bytes.length);
  let length = 0;
  for (let at = 0; at < bytes.length; at++) {
    if (bytes[at] !== escape) {
      out[length++] = bytes[at];
      continue;
    }
    const byte = resolve(bytes[++at]);
    if (byte !== undefined) out[length++] = byte;
  }
  return out.subarray(0, length);
}
