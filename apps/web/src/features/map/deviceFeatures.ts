import { DEVICE_CATEGORIES, EARTH_RADIUS_M, type Device, type DeviceStatus, type Position } from '@rastro/api';
import type { Feature, Point } from 'geojson';
import { STATUS_COLORS, adjustColor, colorAdjustments, deviceCategory, deviceStatus, isMoving, parseHexColor, toHex, type Rgb } from '../devices/index.ts';
import type { MarkerStyle } from './icons/drawing.ts';
import { deviceImageId, directionImageId, labelImageId } from './icons/imageIds.ts';

export interface DeviceFeatureProperties {
  deviceId: number;
  status: DeviceStatus;
  /** Degrees clockwise from north. */
  course: number;
  moving: boolean;
  /** Map image ids of the marker, its heading pointer and its label ('' for none). */
  icon: string;
  direction: string;
  label: string;
  /** Accuracy circle radius in pixels at zoom 0 (0 when unknown); it doubles with each zoom level. */
  accuracy0: number;
}

export type DeviceFeature = Feature<Point, DeviceFeatureProperties>;

/** What the map options change in a marker. */
export interface MarkerOptions {
  names: boolean;
  plates: boolean;
  /** Ring in the status colour; white without it. */
  status: boolean;
}

const DEFAULT_FILL: Rgb = [29, 78, 137];
const DEFAULT_GLYPH: Rgb = [255, 255, 255];
const NEUTRAL_RING = '#ffffff';
/** Metres per pixel at zoom 0 on the equator, for MapLibre's 512-pixel world (Web Mercator's sphere is the same). */
const METERS_PER_PIXEL_Z0 = (2 * Math.PI * EARTH_RADIUS_M) / 512;

const KNOWN_CATEGORIES = new Set<string>(DEVICE_CATEGORIES);

/**
 * Spec §2: the category icon in the device's `tarkan.color` (glyph in `tarkan.color_extra`), both
 * seen through its `hue`, `saturate` and `brightness`; the ring in the status colour.
 */
export function markerStyle(device: Device, status: boolean): MarkerStyle {
  const adjustments = colorAdjustments(device.attributes);
  const category = deviceCategory(device);
  return {
    category: KNOWN_CATEGORIES.has(category) ? category : 'default',
    fill: toHex(adjustColor(parseHexColor(device.attributes['tarkan.color']) ?? DEFAULT_FILL, adjustments)),
    glyph: toHex(adjustColor(parseHexColor(device.attributes['tarkan.color_extra']) ?? DEFAULT_GLYPH, adjustments)),
    ring: status ? STATUS_COLORS[deviceStatus(device)] : NEUTRAL_RING,
  };
}

/** The marker of a device with no colours of its own, for drawing ahead of need. */
export function defaultMarkerStyle(category: string, status: DeviceStatus): MarkerStyle {
  return { category, fill: toHex(DEFAULT_FILL), glyph: toHex(DEFAULT_GLYPH), ring: STATUS_COLORS[status] };
}

export function labelText(device: Device, { names, plates }: MarkerOptions): string {
  const plate = typeof device.attributes.plate === 'string' ? device.attributes.plate.trim() : '';
  return [names ? device.name : '', plates ? plate : ''].filter(Boolean).join(' · ');
}

export function deviceFeature(device: Device, position: Position, options: MarkerOptions): DeviceFeature {
  const text = labelText(device, options);
  const status = deviceStatus(device);
  return {
    type: 'Feature',
    id: device.id,
    geometry: { type: 'Point', coordinates: [position.longitude, position.latitude] },
    properties: {
      deviceId: device.id,
      status,
      course: position.course,
      moving: isMoving(position),
      icon: deviceImageId(markerStyle(device, options.status)),
      direction: directionImageId(options.status ? STATUS_COLORS[status] : STATUS_COLORS.unknown),
      label: text ? labelImageId(text) : '',
      accuracy0: position.accuracy > 0 ? position.accuracy / (METERS_PER_PIXEL_Z0 * Math.cos((position.latitude * Math.PI) / 180)) : 0,
    },
  };
}
