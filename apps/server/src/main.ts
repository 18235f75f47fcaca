import { loadConfig } from './config/config.ts';
import { seedAdmin, seedDemoDevices } from './db/seed.ts';
import { startRastro } from './server.ts';
import { DEMO_VEHICLES } from './simulator/fleet.ts';
import { startDemoFleet } from './simulator/demo-fleet.ts';
import type { VehicleResume } from './simulator/vehicle.ts';

const RESTART_EXIT_CODE = 130;

/** Entry point: configuration from the environment, first-run seeding, then everything runs. */
async function main(): Promise<void> {
  const config = loadConfig();
  let shutdown: (code: number) => Promise<void> = async () => undefined;
  // Exit code 130 asks the launcher (scripts/start.mjs) to start the server again.
  const rastro = await startRastro(config, { restart: () => void shutdown(RESTART_EXIT_CODE) });
  const log = rastro.app.log;
  const db = rastro.db.kysely;

  const seeded = await seedAdmin(db, config.adminEmail, config.adminPassword);
  if (seeded.created) {
    log.info(`new database: administrator "${config.adminEmail}" created`);
    if (seeded.generatedPassword) {
      // Printed once, on purpose: it is stored only as a hash.
      console.log(`\n  Rastro administrator: ${config.adminEmail}\n  password: ${seeded.generatedPassword}\n  (set RASTRO_ADMIN_PASSWORD to choose it)\n`);
    }
    if (config.demo && !config.databaseUrl) {
      await seedDemoDevices(db, config.adminEmail, DEMO_VEHICLES);
      log.info(`demo fleet of ${DEMO_VEHICLES.length} vehicles created`);
    }
  }

  // The demo keeps driving on later starts while its devices exist (they can be deleted).
  let fleet: { stop(): Promise<void> } | null = null;
  if (config.demo && !config.databaseUrl) {
    const ids = DEMO_VEHICLES.map((v) => v.uniqueId);
    const present = await db.selectFrom('tc_devices').select('uniqueId').where('uniqueId', 'in', ids).execute();
    const vehicles = DEMO_VEHICLES.filter((v) => present.some((p) => p.uniqueId === v.uniqueId));
    if (vehicles.length) {
      // continue from where each vehicle was last seen, with its odometer
      const resume = new Map<string, VehicleResume>();
      for (const vehicle of vehicles) {
        const row = await db.selectFrom('tc_devices').innerJoin('tc_positions', 'tc_positions.id', 'tc_devices.positionId')
          .select(['tc_positions.latitude', 'tc_positions.longitude', 'tc_positions.attributes'])
          .where('tc_devices.uniqueId', '=', vehicle.uniqueId).executeTakeFirst();
        if (row) resume.set(vehicle.uniqueId, { latitude: row.latitude, longitude: row.longitude, odometer: Number(JSON.parse(row.attributes).odometer) || 0 });
      }
      fleet = startDemoFleet({
        resume,
        osmandUrl: `http://127.0.0.1:${rastro.listeners[0]!.port}`,
        vehicles,
        intervalMs: config.demoIntervalMs,
        log: { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m) },
      });
    }
  }

  console.log(`Rastro is running on http://localhost:${rastro.port}`);
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
