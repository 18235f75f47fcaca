import type { Attributes } from '@rastro/api';
import { loadConfig } from './config/config.ts';
import { seedAdmin, seedDemoDevices, startingAdministrator } from './db/seed.ts';
import type { Db } from './db/connection.ts';
import { KEY } from './position/keys.ts';
import { startRastro } from './server.ts';
import { DEMO_VEHICLES } from './simulator/fleet.ts';
import { startDemoFleet } from './simulator/demo-fleet.ts';
import type { VehicleResume } from './simulator/vehicle.ts';

const RESTART_EXIT_CODE = 130;

/** Entry point: configuration from the environment, first-run seeding, then everything runs. */
async function main(): Promise<void> {
  const config = loadConfig();
  let shutdown: (code: number) => Promise<void> = () => Promise.resolve();
  // The administrator (and on a new embedded database the demo fleet) exist before anything
  // listens, so a client that finds the server up can sign in at once.
  const firstRun = { notes: [] as string[], generatedPassword: null as string | null };
  const seed = async ({ kysely: db }: Db) => {
    const seeded = await seedAdmin(db, config.adminEmail, config.adminPassword);
    if (!seeded.created) return;
    firstRun.notes.push(`new database: administrator "${config.adminEmail}" created`);
    firstRun.generatedPassword = seeded.generatedPassword;
    if (config.demo && !config.databaseUrl) {
      await seedDemoDevices(db, config.adminEmail, DEMO_VEHICLES);
      firstRun.notes.push(`demo fleet of ${DEMO_VEHICLES.length} vehicles created`);
    }
  };
  // Exit code 130 asks the launcher (scripts/start.mjs) to start the server again.
  const rastro = await startRastro(config, { restart: () => void shutdown(RESTART_EXIT_CODE), seed });
  const log = rastro.app.log;
  const db = rastro.db.kysely;
  for (const note of firstRun.notes) log.info(note);
  if (firstRun.generatedPassword) {
    // Printed once, on purpose: it is stored only as a hash.
    console.log(`\n  Rastro administrator: ${config.adminEmail}\n  password: ${firstRun.generatedPassword}\n  (set RASTRO_ADMIN_PASSWORD to choose it)\n`);
  }

  // The demo keeps driving on later starts while its devices exist (they can be deleted).
  let fleet: { stop: () => Promise<void> } | null = null;
  if (config.demo && !config.databaseUrl) {
    const ids = DEMO_VEHICLES.map((v) => v.uniqueId);
    const present = await db.selectFrom('tc_devices').select('uniqueId').where('uniqueId', 'in', ids).execute();
    const vehicles = DEMO_VEHICLES.filter((v) => present.some((p) => p.uniqueId === v.uniqueId));
    if (vehicles.length) {
      // continue from where each vehicle was last seen, with its odometer and tank
      const resume = new Map<string, VehicleResume>();
      for (const vehicle of vehicles) {
        const row = await db.selectFrom('tc_devices').innerJoin('tc_positions', 'tc_positions.id', 'tc_devices.positionId')
          .select(['tc_positions.latitude', 'tc_positions.longitude', 'tc_positions.attributes'])
          .where('tc_devices.uniqueId', '=', vehicle.uniqueId).executeTakeFirst();
        if (!row) continue;
        const attributes = JSON.parse(row.attributes) as Attributes;
        resume.set(vehicle.uniqueId, { latitude: row.latitude, longitude: row.longitude, odometer: Number(attributes[KEY.odometer]) || 0, fuel: Number(attributes[KEY.fuel]) || 0 });
      }
      fleet = startDemoFleet({
        resume,
        osmandUrl: `http://127.0.0.1:${rastro.listeners[0].port}`,
        vehicles,
        intervalMs: config.demoIntervalMs,
        log: { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m) },
      });
    }
  }

  // the one line a person starting the server needs: where to go, and as whom to sign in
  const admin = await startingAdministrator(db, config.adminEmail);
  console.log(`Rastro is running on http://localhost:${rastro.port}${admin ? ` · sign in as "${admin}"` : ''}`);
  shutdown = async (code) => {
    await fleet?.stop();
    await rastro.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
