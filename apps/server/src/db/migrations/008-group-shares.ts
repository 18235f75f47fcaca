import type { Kysely } from 'kysely';

/**
 * Links that share a group (Traccar's POST /api/share/group): a share names the group it opens in
 * `groupId`; such a share's `deviceId` is 0 (none), a device share's `groupId` is null. The
 * visitor's temporary user is linked to the group, so he sees its devices and those of its
 * subgroups, as the group's other users do.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('tc_shares').addColumn('groupId', 'bigint').execute();
}
