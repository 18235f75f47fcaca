import fs from 'node:fs';
import path from 'node:path';

/** The copy of the build the server served (playwright.config.ts) and the basemap's folder go with the run. */
export default function removeWebRootCopy(): void {
  const copy = process.env.RASTRO_E2E_WEB_ROOT;
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
  const basemap = process.env.RASTRO_E2E_BASEMAP_FILE;
  if (basemap) fs.rmSync(path.dirname(basemap), { recursive: true, force: true });
}
