import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// the server on its default port (Traccar's)
const proxy = {
  '/api': { target: 'http://localhost:8082', ws: true },
  '/tarkan': { target: 'http://localhost:8082' },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // read by src/bundle-size.test.ts to measure what the login page loads
    manifest: true,
    // the map shell carries maplibre-gl, about 800 kB minified on its own
    chunkSizeWarningLimit: 1200,
  },
  server: { proxy },
  preview: { proxy },
});
