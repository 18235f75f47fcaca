import { newEvent, type EventHandler } from '../types.ts';
import { calendarContains } from '../../domain/calendar.ts';
import { numberSetting } from '../device-context.ts';

const alarmsOf = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').map((a) => a.trim()).filter(Boolean) : [];

/** A device's reply to a command, carried as the `result` attribute. */
export const commandResult: EventHandler = ({ position }) =>
  typeof position.attributes.result === 'string' ? [newEvent('commandResult', position, { attributes: { result: position.attributes.result } })] : [];

/** One event per alarm; an alarm already present on the previous position is not repeated (Traccar's ignoreDuplicateAlerts). */
export const alarm: EventHandler = ({ position, last }) => {
  const previous = new Set(alarmsOf(last?.attributes.alarm));
  return alarmsOf(position.attributes.alarm)
    .filter((kind) => !previous.has(kind))
    .map((kind) => newEvent('alarm', position, { attributes: { alarm: kind } }));
};

/** Ignition flipped between two positions that both report it. */
export const ignition: EventHandler = ({ position, last }) => {
  const now = position.attributes.ignition;
  const before = last?.attributes.ignition;
  if (typeof now !== 'boolean' || typeof before !== 'boolean' || now === before) return [];
  return [newEvent(now ? 'ignitionOn' : 'ignitionOff', position)];
};

export const driverChanged: EventHandler = ({ position, last }) => {
  const driver = position.attributes.driverUniqueId;
  if (typeof driver !== 'string' || driver === last?.attributes.driverUniqueId) return [];
  return [newEvent('driverChanged', position, { attributes: { driverUniqueId: driver } })];
};

/** Fuel fell by at least the `fuelDropThreshold` setting (device, group or server; 0 = off). */
export const fuelDrop: EventHandler = ({ position, last, context }) => {
  const threshold = numberSetting(context, 'fuelDropThreshold', 0);
  const before = last?.attributes.fuel;
  const after = position.attributes.fuel;
  if (threshold <= 0 || typeof before !== 'number' || typeof after !== 'number' || before - after < threshold) return [];
  return [newEvent('deviceFuelDrop', position, { attributes: { before, after } })];
};

/**
 * Entering and leaving geofences: the difference between the previous and current geofenceIds,
 * for geofences whose calendar (if any) contains the time.
 */
export const geofences: EventHandler = ({ position, last, context }) => {
  const before = new Set(last?.geofenceIds ?? []);
  const now = new Set(position.geofenceIds ?? []);
  const active = (id: number) => {
    const calendar = context.geofences.find((g) => g.id === id)?.calendar;
    return !calendar || calendarContains(calendar, position.fixTime);
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
