import type { Attributes, Position, Server, User } from '@rastro/api';

export const DEFAULT_SELECT_ZOOM = 17;
const DEFAULT_VIEW_ZOOM = 10;

export interface View {
  center: [number, number];
  zoom: number;
}

type ViewSettings = Pick<User | Server, 'latitude' | 'longitude' | 'zoom'>;

function viewOf({ latitude, longitude, zoom }: ViewSettings): View | null {
  // 0/0 is Traccar's "not set"
  if (!latitude && !longitude) return null;
  return { center: [longitude, latitude], zoom: zoom > 0 ? zoom : DEFAULT_VIEW_ZOOM };
}

/** The user's saved map position, else the server's; null when neither is set. */
export function configuredView(user: ViewSettings | null, server: ViewSettings | null): View | null {
  return (user && viewOf(user)) ?? (server && viewOf(server)) ?? null;
}

/** Zoom used when focusing one device: server attribute `web.selectZoom`, default 17. */
export function selectZoom(attributes: Attributes | undefined): number {
  const value = Number(attributes?.['web.selectZoom']);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_SELECT_ZOOM;
}

/** [[west, south], [east, north]] around the positions, or null without any. */
export function positionsBounds(
  positions: Iterable<Pick<Position, 'latitude' | 'longitude'>>,
): [[number, number], [number, number]] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { latitude, longitude } of positions) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return west === Infinity ? null : [[west, south], [east, north]];
}
