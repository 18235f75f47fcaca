import { readFileSync } from 'node:fs';
import { frameOf, type VectorFile } from '../kit/conformance.ts';

/**
 * Test-only: Traccar's decoder-test frames have one home in the repository,
 * vectors/traccar/<protocol>.json (written by scripts/traccar-vectors.mjs). Tests name a frame by
 * the line it stands on in Traccar's test file instead of copying its bytes, so the source of
 * every frame can be looked up and the bytes are never written twice.
 */

const files = new Map<string, VectorFile>();

/** The committed vector file of one protocol (read once per test file). */
export function traccarVectors(protocol: string): VectorFile {
  let file = files.get(protocol);
  if (!file) {
    file = JSON.parse(readFileSync(new URL(`../vectors/traccar/${protocol}.json`, import.meta.url), 'utf8')) as VectorFile;
    files.set(protocol, file);
  }
  return file;
}

/**
 * The frames of Traccar's decoder test for `protocol`, by line: `traccarFrames('castel')(24)` is
 * the frame on line 24 of CastelProtocolDecoderTest.java. A line that holds no frame throws, so a
 * regenerated vector file that lost one fails the test that needs it; so does a line that names
 * frames of two test files of the protocol (gl200 has a text and a binary one), unless `file`
 * says which.
 */
export function traccarFrames(protocol: string, file?: string): (line: number) => Buffer {
  const { source, vectors } = traccarVectors(protocol);
  return (line) => {
    const found = vectors.filter((vector) => vector.line === line && (file === undefined || vector.file === file));
    if (found.length !== 1) throw new Error(`${found.length ? 'more than one frame' : 'no frame'} on line ${line} of ${file ?? source.files.join(', ')}`);
    return frameOf(found[0]);
  };
}

/** The same, as text: for text protocols whose tests build on a message's characters. */
export function traccarMessages(protocol: string, file?: string): (line: number) => string {
  const frame = traccarFrames(protocol, file);
  return (line) => frame(line).toString('latin1');
}
