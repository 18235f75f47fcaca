import type { Kysely, Selectable } from 'kysely';
import type { Database, ServerTable } from './schema.ts';

export type ServerRow = Selectable<ServerTable>;

/**
 * The single server settings row, cached: it is read on most requests and written rarely.
 * Several nodes share it through the database; `invalidate()` is called when the live bus
 * announces a change of it.
 */
export class ServerSettings {
  private cached: ServerRow | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<ServerRow> {
    if (this.cached) return this.cached;
    let row = await this.db.selectFrom('tc_servers').selectAll().orderBy('id').executeTakeFirst();
    if (!row) {
      // São Paulo by default: the product is Brazilian first.
      await this.db
        .insertInto('tc_servers')
        .values({
          registration: 0, readonly: 0, deviceReadonly: 0, limitCommands: 0, disableReports: 0, fixedEmail: 0,
          forceSettings: 0, latitude: -23.5505, longitude: -46.6333, zoom: 11, attributes: '{}',
        })
        .execute();
      row = await this.db.selectFrom('tc_servers').selectAll().orderBy('id').executeTakeFirstOrThrow();
    }
    this.cached = row;
    return row;
  }

  async update(values: Partial<Omit<ServerRow, 'id'>>): Promise<ServerRow> {
    const current = await this.get();
    await this.db.updateTable('tc_servers').set(values).where('id', '=', current.id).execute();
    this.cached = null;
    return this.get();
  }

  invalidate(): void {
    this.cached = null;
  }

  /** Whether the row is held (GET /api/server/cache). */
  get isCached(): boolean {
    return this.cached !== null;
  }
}
