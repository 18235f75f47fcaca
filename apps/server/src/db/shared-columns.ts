import type { UserInput } from '@rastro/api';
import { flag } from './mappers.ts';

/**
 * Columns the server row and every user row share, as Traccar's Server and User do: the server's
 * values are the defaults and the bounds for everyone, a user's his own.
 */

type Restrictions = Pick<UserInput, 'readonly' | 'deviceReadonly' | 'limitCommands' | 'disableReports' | 'fixedEmail'>;
type MapView = Pick<UserInput, 'map' | 'latitude' | 'longitude' | 'zoom' | 'coordinateFormat' | 'poiLayer'>;

/** Traccar's UserRestrictions; an omitted switch is off. */
export function restrictionColumns(input: Restrictions) {
  return {
    readonly: flag(input.readonly),
    deviceReadonly: flag(input.deviceReadonly),
    limitCommands: flag(input.limitCommands),
    disableReports: flag(input.disableReports),
    fixedEmail: flag(input.fixedEmail),
  };
}

/** The map as it opens: layer, centre, zoom, coordinate format and POI layer; omitted ones empty. */
export function mapViewColumns(input: MapView) {
  return {
    map: input.map ?? null,
    latitude: input.latitude ?? 0,
    longitude: input.longitude ?? 0,
    zoom: input.zoom ?? 0,
    coordinateFormat: input.coordinateFormat ?? null,
    poiLayer: input.poiLayer ?? null,
  };
}
