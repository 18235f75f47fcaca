import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Test-only: the decoder vectors of shared/reference/protocol-vectors.json. shared/ sits beside
 * the repository root, locally and in CI. Each protocol folder describes the shape of its own
 * entries and loads them through this.
 */
const VECTORS_FILE = fileURLToPath(new URL('../../../../../shared/reference/protocol-vectors.json', import.meta.url));

export function loadVectors<T>(protocol: string): T[] {
  const file = JSON.parse(readFileSync(VECTORS_FILE, 'utf8')) as { vectors: (T & { protocol: string })[] };
  return file.vectors.filter((vector) => vector.protocol === protocol);
}
