import type { Server, User } from '@rastro/api';

/**
 * A display preference (`speedUnit`, `distanceUnit`, `timezone`): the user's attribute, else the
 * server's; with `forceSettings` the server's wins (as the server does when it exports a report).
 */
export function preference(key: string, user: User | null, server: Server | undefined): unknown {
  const userValue = user?.attributes[key];
  const serverValue = server?.attributes[key];
  return server?.forceSettings ? (serverValue ?? userValue) : (userValue ?? serverValue);
}
