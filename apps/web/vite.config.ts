import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { offlineAtlas } from './build/offline-atlas.ts';
import { precompress } from './build/precompress.ts';

/**
 * Emits /sw.js stamped with an id of this build (a digest of the output file names, which carry
 * content hashes), so every deployment that changes the app changes the worker, and only then.
 */
function serviceWorker(): Plugin {
  const template = fileURLToPath(new URL('./src/sw.js', import.meta.url));
  return {
    name: 'rastro-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const buildId = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(template, 'utf8').replace('__BUILD_ID__', buildId);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/** One chunk per language: the catalogs of every feature load in one request, not forty. */
function localeChunk(id: string): string | undefined {
  const language = /\/i18n\/([a-z]{2}(?:-[A-Z]{2})?)\.json$/.exec(id)?.[1];
  return language && `locale-${language}`;
}

// the server on its default port (Traccar's)
const proxy = {
  '/api': { target: 'http://localhost:8082', ws: true },
  '/tarkan': { target: 'http://localhost:8082' },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), serviceWorker(), offlineAtlas(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // read by src/bundle-size.test.ts to measure what the login page loads
    manifest: true,
    // the map shell carries maplibre-gl, about 800 kB minified on its own
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        manualChunks: localeChunk,
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
