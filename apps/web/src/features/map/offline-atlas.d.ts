/** The offline basemap's atlas, made at build time (apps/web/build/offline-atlas.ts). */
declare module 'virtual:offline-atlas' {
  /** GeoJSON FeatureCollection of the land. */
  export const landUrl: string;
  /** GeoJSON MultiLineString of the borders between countries. */
  export const bordersUrl: string;
  /** GeoJSON points of named places: `n` the name, `r` the rank by population (0 the largest, 4). */
  export const placesUrl: string;
}
