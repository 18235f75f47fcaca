import fs from 'node:fs';

/** The copy of the build the server served (playwright.config.ts) goes with the run. */
export default function removeWebRootCopy(): void {
  const copy = process.env.RASTRO_E2E_WEB_ROOT;
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
}
