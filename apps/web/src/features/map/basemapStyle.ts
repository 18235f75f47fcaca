import type { PaletteMode } from '@mui/material/styles';
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';

/**
 * The self-hosted vector basemap's layers (a PMTiles extract the server serves): land use, water,
 * buildings, roads by importance, railways and paths, borders, and street and place names.
 * Written for both common schemas of such extracts, Protomaps' basemap v4 (`earth`, `water`,
 * `roads`, `buildings`, `places` …) and OpenMapTiles' (`water`, `transportation`, `place` …):
 * layers of the schema a file does not use draw nothing.
 * Names use the browser's fonts like the offline atlas (no glyph server: nothing from the internet).
 */

interface Colours {
  land: string;
  water: string;
  park: string;
  urban: string;
  building: string;
  major: string;
  minor: string;
  casing: string;
  rail: string;
  border: string;
  text: string;
  halo: string;
}

// minor streets need a casing darker than the land, and in the dark a fill lighter than it, to show at all
const COLOURS: Record<PaletteMode, Colours> = {
  light: {
    land: '#f4f1ea', water: '#aad3df', park: '#d8e8c8', urban: '#ece7df', building: '#e2dcd2', major: '#f9c96b', minor: '#ffffff',
    casing: '#bdb4a5', rail: '#a39e98', border: '#9b8fb0', text: '#3c4650', halo: '#ffffff',
  },
  dark: {
    land: '#1f2830', water: '#0e1c2b', park: '#22352a', urban: '#28313a', building: '#2b353f', major: '#8a7548', minor: '#5a6776',
    casing: '#141a20', rail: '#5b6672', border: '#6f7f93', text: '#d2dbe4', halo: '#1f2830',
  },
};

export const BASEMAP_SOURCE = 'basemap';

type Width = number | ExpressionSpecification;
/** Width by zoom: a hairline far out (z8), a town's view (z13), a street's width close in (z18); each may depend on the feature. */
const width = (far: Width, town: Width, near: Width): ExpressionSpecification => ['interpolate', ['exponential', 1.5], ['zoom'], 8, far, 13, town, 18, near];

/** Protomaps `roads.kind` and OpenMapTiles `transportation.class` values of the main roads. */
const MAJOR_KINDS = ['highway', 'major_road', 'motorway', 'trunk', 'primary'];
const MEDIUM_KINDS = ['medium_road', 'secondary', 'tertiary'];
/** Lines in the same layers that are no street: railways, footpaths and tracks, ferries and lifts. */
const RAIL_KINDS = ['rail', 'transit'];
const PATH_KINDS = ['path', 'other', 'track'];
const NOT_STREETS = [...RAIL_KINDS, ...PATH_KINDS, 'ferry', 'aerialway', 'pier'];

export function basemapLayers(mode: PaletteMode): LayerSpecification[] {
  const c = COLOURS[mode];
  const source = BASEMAP_SOURCE;
  const kind: ExpressionSpecification = ['coalesce', ['get', 'kind'], ['get', 'class'], ''];
  const isMajor: ExpressionSpecification = ['in', kind, ['literal', MAJOR_KINDS]];
  const isMedium: ExpressionSpecification = ['in', kind, ['literal', MEDIUM_KINDS]];
  // MapLibre takes one zoom curve per expression, at its top: the road's class picks the ends
  const byClass = (major: number, medium: number, minor: number): ExpressionSpecification => ['case', isMajor, major, isMedium, medium, minor];
  const roadWidth = width(byClass(0.8, 0.5, 0.2), byClass(3.5, 2.5, 1.2), byClass(22, 18, 14));
  const casingWidth = width(byClass(1.6, 1.2, 0.6), byClass(5, 4, 2.6), byClass(25, 21, 16.5));
  const lines: ExpressionSpecification = ['==', ['geometry-type'], 'LineString'];
  const streets: ExpressionSpecification = ['all', lines, ['!', ['in', kind, ['literal', NOT_STREETS]]]];
  const roads = (sourceLayer: string, id: string): LayerSpecification[] => [
    {
      id: `basemap-${id}-casing`,
      type: 'line',
      source,
      'source-layer': sourceLayer,
      minzoom: 12,
      filter: streets,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': c.casing, 'line-width': casingWidth },
    },
    {
      id: `basemap-${id}-paths`,
      type: 'line',
      source,
      'source-layer': sourceLayer,
      minzoom: 14,
      filter: ['all', lines, ['in', kind, ['literal', PATH_KINDS]]],
      paint: { 'line-color': c.casing, 'line-width': width(0.5, 0.8, 2), 'line-dasharray': [2, 1.5] },
    },
    {
      id: `basemap-${id}-rail`,
      type: 'line',
      source,
      'source-layer': sourceLayer,
      minzoom: 10,
      filter: ['all', lines, ['in', kind, ['literal', RAIL_KINDS]]],
      paint: { 'line-color': c.rail, 'line-width': width(0.5, 1, 2.5) },
    },
    {
      id: `basemap-${id}`,
      type: 'line',
      source,
      'source-layer': sourceLayer,
      filter: streets,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': ['case', isMajor, c.major, c.minor], 'line-width': roadWidth },
    },
  ];
  const names = (sourceLayer: string, id: string, minzoom: number): LayerSpecification => ({
    id: `basemap-${id}`,
    type: 'symbol',
    source,
    'source-layer': sourceLayer,
    minzoom,
    layout: {
      'text-field': ['coalesce', ['get', 'name:pt'], ['get', 'name'], ''],
      'text-font': ['Noto Sans Regular'],
      // cities and countries bigger than districts (Protomaps `kind`, OpenMapTiles `class`)
      'text-size': ['match', kind, ['country', 'region', 'state', 'locality', 'city'], 14, ['town'], 13, 12],
      'text-max-width': 8,
      'text-padding': 4,
      // where names collide the more important place keeps its own: Protomaps' `min_zoom`, OpenMapTiles' `rank`
      'symbol-sort-key': ['coalesce', ['get', 'min_zoom'], ['get', 'rank'], 99],
    },
    paint: { 'text-color': c.text, 'text-halo-color': c.halo, 'text-halo-width': 1.5 },
  });
  const streetNames = (sourceLayer: string, id: string): LayerSpecification => ({
    id: `basemap-${id}`,
    type: 'symbol',
    source,
    'source-layer': sourceLayer,
    minzoom: 14,
    layout: { 'symbol-placement': 'line', 'text-field': ['coalesce', ['get', 'name'], ''], 'text-font': ['Noto Sans Regular'], 'text-size': 11 },
    paint: { 'text-color': c.text, 'text-halo-color': c.halo, 'text-halo-width': 1.5 },
  });
  return [
    // Protomaps: land first, then what lies on it
    { id: 'basemap-earth', type: 'fill', source, 'source-layer': 'earth', paint: { 'fill-color': c.land } },
    {
      id: 'basemap-landuse',
      type: 'fill',
      source,
      'source-layer': 'landuse',
      paint: { 'fill-color': ['match', kind, ['park', 'forest', 'wood', 'nature_reserve', 'grass', 'grassland', 'farmland'], c.park, c.urban], 'fill-opacity': 0.8 },
    },
    { id: 'basemap-landcover', type: 'fill', source, 'source-layer': 'landcover', paint: { 'fill-color': c.park, 'fill-opacity': 0.6 } },
    { id: 'basemap-park', type: 'fill', source, 'source-layer': 'park', paint: { 'fill-color': c.park } },
    { id: 'basemap-water', type: 'fill', source, 'source-layer': 'water', filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': c.water } },
    // rivers and streams as lines: Protomaps keeps them in `water`, OpenMapTiles in `waterway`
    { id: 'basemap-water-lines', type: 'line', source, 'source-layer': 'water', minzoom: 9, filter: lines, paint: { 'line-color': c.water, 'line-width': width(0.5, 1.5, 8) } },
    { id: 'basemap-waterway', type: 'line', source, 'source-layer': 'waterway', paint: { 'line-color': c.water, 'line-width': width(0.5, 1.5, 8) } },
    // Protomaps `buildings` (its address points are not drawn), OpenMapTiles `building`
    ...['buildings', 'building'].map((sourceLayer): LayerSpecification => ({
      id: `basemap-${sourceLayer}`,
      type: 'fill',
      source,
      'source-layer': sourceLayer,
      minzoom: 14,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': c.building, 'fill-opacity': 0.9 },
    })),
    {
      id: 'basemap-boundaries',
      type: 'line',
      source,
      'source-layer': 'boundaries',
      paint: { 'line-color': c.border, 'line-width': 1, 'line-dasharray': [3, 2] },
    },
    { id: 'basemap-boundary', type: 'line', source, 'source-layer': 'boundary', paint: { 'line-color': c.border, 'line-width': 1, 'line-dasharray': [3, 2] } },
    ...roads('roads', 'roads'),
    ...roads('transportation', 'transportation'),
    streetNames('roads', 'road-names'),
    streetNames('transportation_name', 'transportation-names'),
    names('places', 'places', 4),
    names('place', 'place', 4),
  ];
}
