import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { newPasswordHash } from '../domain/password.ts';
import type { Database } from './schema.ts';
import { countUsers } from './users.ts';

export interface SeedResult {
  /** True when the database had no user: a new installation. */
  created: boolean;
  /** The generated password, when none was configured (printed once). */
  generatedPassword: string | null;
}

/** On a new database, the first administrator (from RASTRO_ADMIN_EMAIL / RASTRO_ADMIN_PASSWORD). */
export async function seedAdmin(db: Kysely<Database>, email: string, password: string | null): Promise<SeedResult> {
  if ((await countUsers(db)) > 0) return { created: false, generatedPassword: null };
  const generated = password ? null : crypto.randomBytes(9).toString('base64url');
  await db
    .insertInto('tc_users')
    .values({
      name: 'Administrador',
      email,
      ...(await newPasswordHash(password ?? generated!)),
      administrator: 1,
      readonly: 0,
      disabled: 0,
      deviceReadonly: 0,
      limitCommands: 0,
      disableReports: 0,
      fixedEmail: 0,
      temporary: 0,
      deviceLimit: -1,
      userLimit: -1,
      latitude: 0,
      longitude: 0,
      zoom: 0,
      attributes: '{}',
    })
    .execute();
  return { created: true, generatedPassword: generated };
}

export interface DemoDevice {
  name: string;
  uniqueId: string;
  category: string;
  plate: string;
}

/** The demo fleet: ordinary devices linked to the administrator, deletable like any other. */
export async function seedDemoDevices(db: Kysely<Database>, adminEmail: string, devices: DemoDevice[]): Promise<void> {
  const admin = await db.selectFrom('tc_users').select('id').where('email', '=', adminEmail).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    for (const device of devices) {
      const row = await trx
        .insertInto('tc_devices')
        .values({
          name: device.name,
          uniqueId: device.uniqueId,
          category: device.category,
          disabled: 0,
          attributes: JSON.stringify({ plate: device.plate }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('tc_user_device').values({ userId: admin.id, deviceId: row.id }).execute();
    }
  });
}

/**
 * The sign-in name of the administrator the server was started with (RASTRO_ADMIN_EMAIL), to print
 * beside the address; null when that account is gone or no longer an enabled administrator.
 */
export async function startingAdministrator(db: Kysely<Database>, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('tc_users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', email), eb('login', '=', email)]))
    .where('administrator', '=', 1)
    .where('disabled', '=', 0)
    .executeTakeFirst();
  return row ? email : null;
}
