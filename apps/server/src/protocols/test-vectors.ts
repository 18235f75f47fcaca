import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Test-only: the decoder vectors taken from Traccar's decoder tests (frames and what its tests
 * assert; the file names its source commit), kept in the repository so that the tests depend on
 * nothing outside it. Each protocol folder describes the shape of its own entries and loads them
 * through this.
 */
const VECTORS_FILE = fileURLToPath(new URL('./vectors/traccar-decoder-tests.json', import.meta.url));

export function loadVectors<T>(protocol: string): T[] {
  const file = JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as { vectors: (T & { protocol: string })[] };
  return file.vectors.filter((vector) => vector.protocol === protocol);
}
