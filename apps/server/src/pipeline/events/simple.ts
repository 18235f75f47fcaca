import { newEvent } from '../../position/events.ts';
import { KEY, alarmsOf, attribute } from '../../position/keys.ts';
import type { EventHandler } from '../types.ts';
import { calendarContains } from '../../domain/calendar.ts';
import { numberSetting } from '../device-context.ts';

/** A device's reply to a command, carried as the `result` attribute. */
export const commandResult: EventHandler = ({ position }) => {
  const result = attribute(position.attributes, KEY.result);
  return result !== undefined ? [newEvent('commandResult', position, { attributes: { [KEY.result]: result } })] : [];
};

/**
 * One event per distinct alarm (Traccar collects them in a set, so `sos,sos` is one event); an
 * alarm already present on the previous position is not repeated (Traccar's ignoreDuplicateAlerts).
 */
export const alarm: EventHandler = ({ position, last }) => {
  const previous = new Set(last ? alarmsOf(last.attributes) : []);
  return [...new Set(alarmsOf(position.attributes))]
    .filter((kind) => !previous.has(kind))
    .map((kind) => newEvent('alarm', position, { attributes: { [KEY.alarm]: kind } }));
};

/** Ignition flipped between two positions that both report it. */
export const ignition: EventHandler = ({ position, last }) => {
  const now = attribute(position.attributes, KEY.ignition);
  const before = last && attribute(last.attributes, KEY.ignition);
  if (now === undefined || typeof before !== 'boolean' || now === before) return [];
  return [newEvent(now ? 'ignitionOn' : 'ignitionOff', position)];
};

export const driverChanged: EventHandler = ({ position, last }) => {
  const driver = attribute(position.attributes, KEY.driverUniqueId);
  if (driver === undefined || driver === last?.attributes[KEY.driverUniqueId]) return [];
  return [newEvent('driverChanged', position, { attributes: { [KEY.driverUniqueId]: driver } })];
};

/**
 * Traccar's FuelEventHandler: deviceFuelIncrease when fuel rose by at least `fuelIncreaseThreshold`,
 * deviceFuelDrop when it fell by at least `fuelDropThreshold` (device, group or server; each 0 =
 * off, independently), with the levels before and after.
 */
export const fuel: EventHandler = ({ position, last, context }) => {
  const before = last && attribute(last.attributes, KEY.fuel);
  const after = attribute(position.attributes, KEY.fuel);
  if (typeof before !== 'number' || after === undefined || after === before) return [];
  const [type, threshold] = after > before
    ? ['deviceFuelIncrease', numberSetting(context, 'fuelIncreaseThreshold', 0)] as const
    : ['deviceFuelDrop', numberSetting(context, 'fuelDropThreshold', 0)] as const;
  if (threshold <= 0 || Math.abs(after - before) < threshold) return [];
  return [newEvent(type, position, { attributes: { before, after } })];
};

/**
 * Entering and leaving geofences: the difference between the previous and current geofenceIds,
 * for geofences whose calendar (if any) contains the time. An id the device no longer has (the
 * geofence deleted or unlinked while the device was inside) raises nothing, as in Traccar.
 */
export const geofences: EventHandler = ({ position, last, context }) => {
  const before = new Set(last?.geofenceIds ?? []);
  const now = new Set(position.geofenceIds ?? []);
  const active = (id: number) => {
    const geofence = context.geofences.find((g) => g.id === id);
    return !!geofence && (!geofence.calendar || calendarContains(geofence.calendar, position.fixTime));
  };
  return [
    ...[...before].filter((id) => !now.has(id) && active(id)).map((id) => newEvent('geofenceExit', position, { geofenceId: id })),
    ...[...now].filter((id) => !before.has(id) && active(id)).map((id) => newEvent('geofenceEnter', position, { geofenceId: id })),
  ];
};

const TIME_KEYS = new Set(['serverTime', 'deviceTime', 'fixTime']);

/** A maintenance falls due when its value crosses start, then every period after it. */
export const maintenance: EventHandler = ({ position, last, context }) => {
  if (!last) return [];
  const value = (p: typeof position, type: string): number => {
    if (TIME_KEYS.has(type)) return p[type as 'serverTime' | 'deviceTime' | 'fixTime'];
    const v = p.attributes[type];
    return typeof v === 'number' ? v : 0;
  };
  return context.maintenances.flatMap((m) => {
    const before = value(last, m.type);
    const now = value(position, m.type);
    if (m.period === 0 || before === 0 || now === 0 || now < m.start) return [];
    const crossed = before < m.start || Math.floor((now - m.start) / m.period) > Math.floor((before - m.start) / m.period);
    return crossed ? [newEvent('maintenance', position, { maintenanceId: m.id, attributes: { [m.type]: now } })] : [];
  });
};
