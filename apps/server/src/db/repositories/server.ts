import { publishChanges, type Repo } from '../changes.ts';
import type { ServerRow, ServerSettings } from '../server-settings.ts';

/** Saves the server settings row (through its cache) and tells every node. */
export async function updateServer(repo: Repo, settings: ServerSettings, values: Partial<Omit<ServerRow, 'id'>>): Promise<ServerRow> {
  const row = await settings.update(values);
  publishChanges(repo, (changes) => changes.entity('server', row.id));
  return row;
}
