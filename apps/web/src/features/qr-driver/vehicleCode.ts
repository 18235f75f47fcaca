/**
 * The device id in what a driver scanned or typed: the link of a vehicle's QR code
 * (`…/qr-driver/scan/12`) or the code printed under it (`12`). Null when it names no device.
 */
export function vehicleIdOf(text: string): number | null {
  const value = text.trim();
  const match = /\/qr-driver\/scan\/(\d+)\/?(?:[?#].*)?$/.exec(value) ?? /^#?(\d+)$/.exec(value);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
