import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { LINKS } from '../schema.ts';

/**
 * The whole object model. Written once for both dialects: only the auto-increment id
 * column differs (SQLite INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL bigint identity).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
type Db = Kysely<any>;
type Table = CreateTableBuilder<string>;

export async function up(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const postgres = dialect === 'postgres';
  const table = (name: string): Table =>
    db.schema.createTable(name).addColumn('id', postgres ? 'bigint' : 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    );
  const bool = (t: Table, name: string) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
  const attributes = (t: Table) => t.addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'));

  let t = table('tc_servers');
  for (const b of ['registration', 'readonly', 'deviceReadonly', 'limitCommands', 'disableReports', 'fixedEmail', 'forceSettings']) t = bool(t, b);
  await attributes(
    t.addColumn('map', 'text').addColumn('bingKey', 'text').addColumn('mapUrl', 'text').addColumn('overlayUrl', 'text')
      .addColumn('poiLayer', 'text').addColumn('announcement', 'text')
      .addColumn('latitude', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('longitude', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('zoom', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('coordinateFormat', 'text'),
  ).execute();

  t = table('tc_users')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('login', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('hashedPassword', 'text')
    .addColumn('salt', 'text')
    .addColumn('map', 'text')
    .addColumn('latitude', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('longitude', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('zoom', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coordinateFormat', 'text')
    .addColumn('expirationTime', 'bigint')
    .addColumn('deviceLimit', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('userLimit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('poiLayer', 'text')
    .addColumn('totpKey', 'text');
  for (const b of ['readonly', 'administrator', 'disabled', 'deviceReadonly', 'limitCommands', 'disableReports', 'fixedEmail', 'temporary']) t = bool(t, b);
  await attributes(t).execute();
  await db.schema.createIndex('tc_users_email').unique().on('tc_users').expression(sql`lower(email)`).execute();

  t = table('tc_groups').addColumn('name', 'text', (c) => c.notNull()).addColumn('groupId', 'bigint');
  await attributes(t).execute();

  t = table('tc_devices')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('uniqueId', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text')
    .addColumn('lastUpdate', 'bigint')
    .addColumn('positionId', 'bigint')
    .addColumn('groupId', 'bigint')
    .addColumn('calendarId', 'bigint')
    .addColumn('phone', 'text')
    .addColumn('model', 'text')
    .addColumn('contact', 'text')
    .addColumn('category', 'text')
    .addColumn('expirationTime', 'bigint')
    .addColumn('motionPositionId', 'bigint')
    .addColumn('motionTime', 'bigint')
    .addColumn('motionLatitude', 'double precision')
    .addColumn('motionLongitude', 'double precision')
    .addColumn('motionDistance', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('overspeedTime', 'bigint')
    .addColumn('overspeedGeofenceId', 'bigint');
  for (const b of ['disabled', 'motionStreak', 'motionState', 'overspeedState']) t = bool(t, b);
  await attributes(t).execute();
  await db.schema.createIndex('tc_devices_groupid').on('tc_devices').column('groupId').execute();

  await attributes(
    table('tc_positions')
      .addColumn('deviceId', 'bigint', (c) => c.notNull())
      .addColumn('protocol', 'text', (c) => c.notNull())
      .addColumn('serverTime', 'bigint', (c) => c.notNull())
      .addColumn('deviceTime', 'bigint', (c) => c.notNull())
      .addColumn('fixTime', 'bigint', (c) => c.notNull())
      .addColumn('valid', 'integer', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('altitude', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('speed', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('course', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('address', 'text')
      .addColumn('accuracy', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('network', 'text')
      .addColumn('geofenceIds', 'text'),
  ).execute();
  // Reports and history read one device's positions over a time range.
  await db.schema.createIndex('tc_positions_device_fixtime').on('tc_positions').columns(['deviceId', 'fixTime']).execute();

  await attributes(
    table('tc_events')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('eventTime', 'bigint', (c) => c.notNull())
      .addColumn('deviceId', 'bigint', (c) => c.notNull())
      .addColumn('positionId', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('geofenceId', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('maintenanceId', 'bigint', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('tc_events_device_time').on('tc_events').columns(['deviceId', 'eventTime']).execute();

  await attributes(
    table('tc_geofences').addColumn('name', 'text', (c) => c.notNull()).addColumn('description', 'text')
      .addColumn('area', 'text', (c) => c.notNull()).addColumn('calendarId', 'bigint'),
  ).execute();
  await attributes(table('tc_drivers').addColumn('name', 'text', (c) => c.notNull()).addColumn('uniqueId', 'text', (c) => c.notNull().unique())).execute();
  await attributes(table('tc_calendars').addColumn('name', 'text', (c) => c.notNull()).addColumn('data', 'text', (c) => c.notNull())).execute();
  await attributes(
    table('tc_maintenances').addColumn('name', 'text', (c) => c.notNull()).addColumn('type', 'text', (c) => c.notNull())
      .addColumn('start', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('period', 'double precision', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await attributes(
    bool(table('tc_notifications').addColumn('type', 'text', (c) => c.notNull()).addColumn('description', 'text')
      .addColumn('calendarId', 'bigint').addColumn('commandId', 'bigint').addColumn('notificators', 'text'), 'always'),
  ).execute();
  await attributes(bool(table('tc_commands').addColumn('description', 'text').addColumn('type', 'text', (c) => c.notNull()), 'textChannel')).execute();
  await attributes(
    bool(table('tc_commands_queue').addColumn('deviceId', 'bigint', (c) => c.notNull()).addColumn('type', 'text', (c) => c.notNull())
      .addColumn('createdTime', 'bigint', (c) => c.notNull()), 'textChannel'),
  ).execute();
  await db.schema.createIndex('tc_commands_queue_device').on('tc_commands_queue').column('deviceId').execute();
  await table('tc_attributes').addColumn('description', 'text').addColumn('attribute', 'text', (c) => c.notNull())
    .addColumn('expression', 'text', (c) => c.notNull()).addColumn('type', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await attributes(
    table('tc_orders').addColumn('uniqueId', 'text', (c) => c.notNull()).addColumn('description', 'text')
      .addColumn('fromAddress', 'text').addColumn('toAddress', 'text'),
  ).execute();
  await attributes(
    table('tc_reports').addColumn('calendarId', 'bigint', (c) => c.notNull()).addColumn('type', 'text', (c) => c.notNull())
      .addColumn('description', 'text'),
  ).execute();

  await db.schema.createTable('tc_sessions').addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'bigint', (c) => c.notNull()).addColumn('createdTime', 'bigint', (c) => c.notNull())
    .addColumn('expiresTime', 'bigint').addColumn('origin', 'text').execute();
  await db.schema.createIndex('tc_sessions_user').on('tc_sessions').column('userId').execute();
  await bool(db.schema.createTable('tc_tokens').addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'bigint', (c) => c.notNull()).addColumn('createdTime', 'bigint', (c) => c.notNull())
    .addColumn('expiresTime', 'bigint', (c) => c.notNull()), 'revoked').execute();

  await attributes(
    table('tc_shares').addColumn('userId', 'bigint', (c) => c.notNull()).addColumn('deviceId', 'bigint', (c) => c.notNull())
      .addColumn('sharedUserId', 'bigint', (c) => c.notNull()).addColumn('tokenId', 'text', (c) => c.notNull())
      .addColumn('expiration', 'bigint', (c) => c.notNull()).addColumn('createdTime', 'bigint', (c) => c.notNull()),
  ).execute();
  await attributes(
    table('tc_invoices').addColumn('userId', 'bigint', (c) => c.notNull()).addColumn('externalId', 'text')
      .addColumn('description', 'text').addColumn('dueDate', 'bigint', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull()).addColumn('status', 'text', (c) => c.notNull())
      .addColumn('paidDate', 'bigint').addColumn('createdTime', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('tc_invoices_user').on('tc_invoices').column('userId').execute();
  await db.schema.createTable('tc_integrations').addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await attributes(table('tc_theme')).execute();
  await table('tc_logs').addColumn('time', 'bigint', (c) => c.notNull()).addColumn('userId', 'bigint')
    .addColumn('deviceId', 'bigint').addColumn('action', 'text', (c) => c.notNull()).addColumn('objectType', 'text')
    .addColumn('objectId', 'bigint').addColumn('data', 'text').execute();
  await db.schema.createIndex('tc_logs_user_time').on('tc_logs').columns(['userId', 'time']).execute();
  await db.schema.createIndex('tc_logs_device_time').on('tc_logs').columns(['deviceId', 'time']).execute();
  await db.schema.createTable('tc_unknown_devices').addColumn('uniqueId', 'text', (c) => c.primaryKey())
    .addColumn('protocol', 'text', (c) => c.notNull()).addColumn('remoteAddress', 'text')
    .addColumn('firstSeen', 'bigint', (c) => c.notNull()).addColumn('lastSeen', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1)).execute();

  // Permission link tables: one per owner/property pair, both directions indexed.
  for (const [owner, properties] of Object.entries(LINKS)) {
    for (const [property, name] of Object.entries(properties)) {
      await db.schema.createTable(name)
        .addColumn(owner, 'bigint', (c) => c.notNull())
        .addColumn(property, 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${name}_pk`, [owner, property] as never)
        .execute();
      await db.schema.createIndex(`${name}_${property}`).on(name).column(property).execute();
    }
  }
}
