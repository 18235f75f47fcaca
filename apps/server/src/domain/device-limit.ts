/**
 * The device-limit rule of spec §5: the tightest of the user's deviceLimit (when above -1),
 * the server attribute tarkan.deviceLimit (when above 0) and the licence limit (when above 0).
 * Returns null when nothing limits. The server's and the licence's limits bind everyone,
 * administrators included; callers pass -1 as an administrator's own limit (Traccar ignores it).
 */
export function effectiveDeviceLimit(userLimit: number, serverLimit: number, licenceLimit: number): number | null {
  const limits: number[] = [];
  if (userLimit > -1) limits.push(userLimit);
  if (serverLimit > 0) limits.push(serverLimit);
  if (licenceLimit > 0) limits.push(licenceLimit);
  return limits.length ? Math.min(...limits) : null;
}

/** Soft-deleted devices carry a `deleted-<time>-<uniqueId>`-style identifier (three dash-separated parts). */
export function isSoftDeleted(uniqueId: string): boolean {
  const parts = uniqueId.split('-');
  return parts.length === 3 && parts[0] === 'deleted';
}
