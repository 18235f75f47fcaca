import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Budget of what the login page downloads on a first visit (design.md: Traccar's login page
 * weighs 535 KB gzip because the map engine rides along). Reads the build of apps/web/dist.
 */
const BUDGET_BYTES = 250 * 1024;
const LOGIN_PAGE = 'src/features/auth/LoginPage.tsx';
/** The default locale's and the fallback's catalogs (one chunk per language) are fetched before the first paint. */
const STARTUP_CATALOGS = ['locale-pt-BR', 'locale-en-US'];
/** A class name only MapLibre's own code writes (a catalog may name MapLibre in a tooltip text). */
const MAPLIBRE_MARKER = /maplibregl-canvas/;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const manifestPath = join(dist, '.vite', 'manifest.json');

function loadManifest(): Record<string, ManifestChunk> {
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the web app first (npx vite build apps/web)`);
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

/** The chunks and their static imports, transitively (dynamic imports load later, on demand). */
function staticClosure(manifest: Record<string, ManifestChunk>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

describe('login page bundle', () => {
  const manifest = loadManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const catalogs = STARTUP_CATALOGS.map((name) => Object.keys(manifest).find((key) => manifest[key].name === name) ?? name);
  const chunks = staticClosure(manifest, [entry ?? 'index.html', LOGIN_PAGE, ...catalogs]);
  const files = new Set([...chunks].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]));

  it(`stays within ${BUDGET_BYTES / 1024} KB gzip of JS and CSS`, () => {
    let total = 0;
    const sizes: string[] = [];
    for (const file of files) {
      const gzipped = gzipSync(readFileSync(join(dist, file))).length;
      total += gzipped;
      sizes.push(`  ${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${file}`);
    }
    console.log(`login page first load: ${(total / 1024).toFixed(1)} KB gzip in ${files.size} files\n${sizes.join('\n')}`);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('does not load the map engine', () => {
    for (const key of chunks) {
      const chunk = manifest[key];
      expect(`${key} ${chunk.src ?? ''} ${chunk.name ?? ''}`, key).not.toMatch(MAPLIBRE_MARKER);
    }
    for (const file of files) {
      expect(MAPLIBRE_MARKER.test(readFileSync(join(dist, file), 'utf8')), `${file} contains MapLibre`).toBe(false);
    }
  });

  it('keeps the map engine in the shell chunk', () => {
    const shell = manifest['src/app/Shell.tsx'];
    expect(shell, 'manifest entry of the shell').toBeDefined();
    const shellFiles = [...staticClosure(manifest, ['src/app/Shell.tsx'])].map((key) => manifest[key].file);
    expect(shellFiles.some((file) => MAPLIBRE_MARKER.test(readFileSync(join(dist, file), 'utf8')))).toBe(true);
  });
});
