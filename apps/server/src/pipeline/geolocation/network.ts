import { z } from 'zod';

/**
 * A position's `network` (Traccar's Network JSON, as every codec fills it) read into what the
 * providers need. The stored value is free-form JSON, so it is parsed, not trusted: an entry
 * without its identifiers is left out rather than sent.
 */

export interface CellTower {
  radioType?: string;
  mobileCountryCode: number;
  mobileNetworkCode: number;
  locationAreaCode: number;
  cellId: number;
  signalStrength?: number;
}

export interface WifiAccessPoint {
  macAddress: string;
  signalStrength?: number;
  channel?: number;
}

export interface Network {
  homeMobileCountryCode?: number;
  homeMobileNetworkCode?: number;
  radioType?: string;
  carrier?: string;
  considerIp: boolean;
  cellTowers: CellTower[];
  wifiAccessPoints: WifiAccessPoint[];
}

/** Codes are non-negative integers; JSON written by other tools may hold nulls for absent fields. */
const code = z.number().int().nonnegative();
const optionalNumber = z.number().nullish().transform((value) => value ?? undefined);
const optionalString = z.string().nullish().transform((value) => value ?? undefined);

const cellSchema = z.object({
  radioType: optionalString,
  mobileCountryCode: code,
  mobileNetworkCode: code,
  locationAreaCode: code,
  cellId: code,
  signalStrength: optionalNumber,
});

const MAC = /^[0-9a-f]{2}([:-]?[0-9a-f]{2}){5}$/i;

/** MACs as the services write them, `01:23:45:67:89:ab`, whatever separators the device used. */
const canonicalMac = (mac: string): string => mac.toLowerCase().replace(/[^0-9a-f]/g, '').replace(/(..)(?!$)/g, '$1:');

const wifiSchema = z.object({
  macAddress: z.string().regex(MAC).transform(canonicalMac),
  signalStrength: optionalNumber,
  channel: optionalNumber,
});

const networkSchema = z.object({
  homeMobileCountryCode: code.nullish().transform((value) => value ?? undefined),
  homeMobileNetworkCode: code.nullish().transform((value) => value ?? undefined),
  radioType: optionalString,
  carrier: optionalString,
  considerIp: z.boolean().nullish(),
  cellTowers: z.array(z.unknown()).nullish(),
  wifiAccessPoints: z.array(z.unknown()).nullish(),
});

/** The entries of `list` that parse; a malformed one does not spoil the rest. */
function valid<T>(list: unknown[] | null | undefined, schema: z.ZodType<T>): T[] {
  return (list ?? []).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Traccar's `geolocation.mcc` / `geolocation.mnc`: codes for cells a device reports without them. */
export interface CodeDefaults {
  mcc: number | null;
  mnc: number | null;
}

/**
 * The network a position carries, or null when it names no cell and no access point. A cell
 * reported with country code 0 (no real country has it: the device did not send one) takes the
 * configured codes. `considerIp` is false unless the device says otherwise: the request comes
 * from the server, whose address says nothing about where the device is.
 */
export function readNetwork(raw: unknown, defaults: CodeDefaults): Network | null {
  const parsed = networkSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { cellTowers, wifiAccessPoints, considerIp, ...rest } = parsed.data;
  const cells = valid(cellTowers, cellSchema).map((cell) =>
    cell.mobileCountryCode === 0 && defaults.mcc !== null
      ? { ...cell, mobileCountryCode: defaults.mcc, mobileNetworkCode: defaults.mnc ?? cell.mobileNetworkCode }
      : cell,
  );
  const wifis = valid(wifiAccessPoints, wifiSchema);
  if (cells.length === 0 && wifis.length === 0) return null;
  return { ...rest, considerIp: considerIp ?? false, cellTowers: cells, wifiAccessPoints: wifis };
}

/**
 * What makes two networks the same place: the radio and the identities of the cells and access
 * points, in any order. Signal strengths are left out: they wander while a device stands still,
 * and the location a provider gives for the same cells and access points moves far less than its
 * own accuracy.
 */
export function networkKey(network: Network): string {
  const cells = network.cellTowers
    .map((c) => `${c.radioType ?? ''}:${c.mobileCountryCode}:${c.mobileNetworkCode}:${c.locationAreaCode}:${c.cellId}`)
    .sort();
  const wifis = network.wifiAccessPoints.map((w) => w.macAddress).sort();
  return JSON.stringify([network.radioType ?? '', cells, wifis]);
}
