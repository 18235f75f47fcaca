import type { Alarm, Attributes } from '@rastro/api';
import { addAlarm, KEY, PREFIX } from '../../position/keys.ts';
import { numberOf } from './position.ts';

/** The report's second field names why it was sent: `tracker` for a periodic report, else an alarm or an event. */
const ALARMS = new Map<string, Alarm>([
  ['help me', 'sos'],
  ['low battery', 'lowBattery'],
  ['stockade', 'geofence'],
  ['move', 'movement'],
  ['speed', 'overspeed'],
  ['door alarm', 'door'],
  ['ac alarm', 'powerCut'],
  ['accident alarm', 'accident'],
  ['sensor alarm', 'vibration'],
  ['bonnet alarm', 'bonnet'],
  ['footbrake alarm', 'footBrake'],
  ['DTC', 'fault'],
]);

function alarmOf(reason: string): Alarm | undefined {
  if (reason.startsWith('T:')) return 'temperature';
  if (reason.startsWith('oil')) return 'fuelLeak';
  return ALARMS.get(reason);
}

/**
 * Reads the reason field into the attributes as Traccar does: the alarm it names; ignition for
 * `acc on`/`acc off`; the temperature of `T:+28.0` and the fuel of `oil 51.67`; any other reason
 * but `tracker` (and `vtNN`, which announces a photo) is kept as the `event` text.
 */
export function readReason(reason: string, attributes: Attributes): void {
  const alarm = alarmOf(reason);
  addAlarm(attributes, alarm);
  if (reason === 'acc on' || reason === 'acc off') {
    attributes[KEY.ignition] = reason === 'acc on';
  } else if (reason.startsWith('T:')) {
    const temperature = numberOf(reason.slice(2));
    if (temperature !== undefined) attributes[`${PREFIX.temp}1`] = temperature;
  } else if (reason.startsWith('oil ')) {
    const fuel = numberOf(reason.slice(4));
    if (fuel !== undefined) attributes[KEY.fuel] = fuel;
  } else if (!alarm && reason !== 'tracker' && reason !== '' && !reason.startsWith('vt')) {
    attributes[KEY.event] = reason;
  }
}
