import type { PaletteMode } from '@mui/material/styles';
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';

/**
 * The self-hosted vector basemap's layers (a PMTiles extract the server serves): land use, water,
 * roads by importance, borders and place names. Written for both common schemas of such
 * extracts, Protomaps' basemap (`earth`, `water`, `roads`, `places` …) and OpenMapTiles'
 * (`water`, `transportation`, `place` …): layers of the schema a file does not use draw nothing.
 * Names use the browser's fonts like the offline atlas (no glyph server: nothing from the internet).
 */

interface Colours {
  land: string;
  water: string;
  park: string;
  urban: string;
  major: string;
  minor: string;
  casing: string;
  border: string;
  text: string;
  halo: string;
}

const COLOURS: Record<PaletteMode, Colours> = {
  light: { land: '#f4f1ea', water: '#aad3df', park: '#d8e8c8', urban: '#ece7df', major: '#f9c96b', minor: '#ffffff', casing: '#c9c2b5', border: '#9b8fb0', text: '#3c4650', halo: '#ffffff' },
  dark: { land: '#1f2830', water: '#0e1c2b', park: '#22352a', urban: '#28313a', major: '#7a6a45', minor: '#3d4853', casing: '#151b21', border: '#6f7f93', text: '#d2dbe4', halo: '#1f2830' },
};

export const BASEMAP_SOURCE = 'basemap';

/** Width by zoom, from a hairline far out to a street's width close in (each end may depend on the feature). */
const width = (far: number | ExpressionSpecification, near: number | ExpressionSpecification): ExpressionSpecification => [
  'interpolate',
  ['exponential', 1.6],
  ['zoom'],
  6,
  far,
  18,
  near,
];

/** Protomaps `roads.kind` and OpenMapTiles `transportation.class` values of the main roads. */
const MAJOR_KINDS = ['highway', 'major_road', 'motorway', 'trunk', 'primary'];
const MEDIUM_KINDS = ['medium_road', 'secondary', 'tertiary'];

export function basemapLayers(mode: PaletteMode): LayerSpecification[] {
  const c = COLOURS[mode];
  const source = BASEMAP_SOURCE;
  const kind: ExpressionSpecification = ['coalesce', ['get', 'kind'], ['get', 'class'], ''];
  const isMajor: ExpressionSpecification = ['in', kind, ['literal', MAJOR_KINDS]];
  const isMedium: ExpressionSpecification = ['in', kind, ['literal', MEDIUM_KINDS]];
  // MapLibre takes one zoom curve per expression, at its top: the road's class picks the ends
  const byClass = (major: number, medium: number, minor: number): ExpressionSpecification => ['case', isMajor, major, isMedium, medium, minor];
  const roadWidth = width(byClass(1, 0.6, 0.2), byClass(14, 11, 8));
  const casingWidth = width(byClass(2.5, 2.1, 1.7), byClass(15.5, 12.5, 9.5));
  const roads = (sourceLayer: string, id: string): LayerSpecification[] => [
    {
      id: `basemap-${id}-casing`,
      type: 'line',
      source,
      'source-layer': sourceLayer,
      minzoom: 12,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': c.casing, 'line-width': casingWidth },
    },
    {
      id: `basemap-${id}`,
      type: 'line',
      source,
      'source-layer': sourceLayer,
      filter: ['==', ['geometry-type'], 'LineString'],
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
      'text-size': 12,
      'text-max-width': 8,
      'text-padding': 4,
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
    { id: 'basemap-waterway', type: 'line', source, 'source-layer': 'waterway', paint: { 'line-color': c.water, 'line-width': width(0.5, 6) } },
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
