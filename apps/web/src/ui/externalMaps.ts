/** Links that open a place in Google Maps or its Street View (spec §2 device details). */
export function mapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

export function streetViewUrl(latitude: number, longitude: number, heading = 0): string {
  return `https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${latitude},${longitude}&heading=${Math.round(heading)}`;
}
