import { COLLECTION, ENTITY_KINDS, LINK_KEY, type Fixtures } from './fixtures.ts';

/** The link tables of /api/permissions, by owner key and the property keys it links to. */
const LINKS: Record<string, string[]> = {
  userId: ['deviceId', 'groupId', 'geofenceId', 'notificationId', 'calendarId', 'attributeId', 'driverId', 'maintenanceId', 'commandId', 'orderId', 'reportId', 'managedUserId'],
  groupId: ['geofenceId', 'notificationId', 'attributeId', 'driverId', 'maintenanceId', 'commandId', 'orderId', 'reportId'],
  deviceId: ['geofenceId', 'notificationId', 'attributeId', 'driverId', 'maintenanceId', 'commandId', 'orderId', 'reportId', 'linkedDeviceId'],
};

/**
 * Tenant B as the administrator reads it: its users, every object, its invoices and shares, its
 * device's latest position, and every link that touches any of them. The device's status and
 * last update are left out: they follow the clock, not the requests.
 */
export async function victimSnapshot(fx: Fixtures): Promise<Record<string, unknown>> {
  const { admin, victim } = fx;
  const out: Record<string, unknown> = {};
  for (const id of fx.victimUsers) out[`user ${id}`] = await admin.json('GET', `/api/users/${id}`);
  for (const kind of ENTITY_KINDS) {
    const id = victim[kind]!.id;
    if (kind === 'group') {
      out.group = (await admin.json('GET', '/api/groups?all=true')).find((g: { id: number }) => g.id === id) ?? null;
    } else if (kind === 'device') {
      const { status: _status, lastUpdate: _lastUpdate, ...device } = await admin.json('GET', `/api/devices/${id}`);
      out.device = device;
    } else {
      out[kind] = await admin.json('GET', `${COLLECTION[kind]}/${id}`);
    }
  }
  out.position = await admin.json('GET', `/api/positions?deviceId=${victim.device!.id}`);
  // in id order: equal sort keys come in any order on PostgreSQL
  const byId = (rows: { id: number }[]) => [...rows].sort((x, y) => x.id - y.id);
  out.invoices = byId(await admin.json('GET', `/tarkan/billing/customers/${victim.user!.id}/invoices`));
  out.shares = byId((await admin.json('GET', '/tarkan/shares')).filter((s: { deviceId: number }) => s.deviceId === victim.device!.id));
  // every link whose either end is one of tenant B's users or objects
  const ids: Record<string, number[]> = { userId: fx.victimUsers, managedUserId: fx.victimUsers, linkedDeviceId: [victim.device!.id] };
  for (const kind of ENTITY_KINDS) ids[LINK_KEY[kind]] = [victim[kind]!.id];
  for (const [owner, properties] of Object.entries(LINKS)) {
    for (const property of properties) {
      const rows = new Set<string>();
      for (const id of ids[owner] ?? []) for (const r of await admin.json('GET', `/api/permissions?${owner}=${id}&${property}=0`)) rows.add(JSON.stringify(r));
      for (const id of ids[property] ?? []) for (const r of await admin.json('GET', `/api/permissions?${owner}=0&${property}=${id}`)) rows.add(JSON.stringify(r));
      out[`${owner}-${property}`] = [...rows].sort();
    }
  }
  return out;
}
