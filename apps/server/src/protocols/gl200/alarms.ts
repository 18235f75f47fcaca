import type { Alarm } from '@rastro/api';

/** Reports that are alarms by their type alone. */
const ALARMS_BY_TYPE = new Map<string, Alarm>([
  ['SOS', 'sos'],
  ['SPD', 'overspeed'],
  ['TOW', 'tow'],
  ['IDL', 'idle'],
  ['PNA', 'powerOn'],
  ['PFA', 'powerOff'],
  ['EPN', 'powerRestored'], // external power connected
  ['MPN', 'powerRestored'], // main power connected
  ['EPF', 'powerCut'],
  ['MPF', 'powerCut'],
  ['BPL', 'lowBattery'], // backup battery low
  ['STT', 'movement'], // motion state changed
  ['SWG', 'geofence'], // the geofence set around the parked vehicle was left
  ['TMP', 'temperature'],
  ['TEM', 'temperature'],
  ['JDR', 'jamming'],
  ['JDS', 'jamming'],
]);

export function alarmOfType(type: string): Alarm | undefined {
  return ALARMS_BY_TYPE.get(type);
}

/** HBM, harsh behaviour: the low digit of the report type says which (3 and 4 are the high-speed variants). */
export function harshBehaviourAlarm(reportType: number): Alarm | undefined {
  switch (reportType % 0x10) {
    case 0:
    case 3:
      return 'hardBraking';
    case 1:
    case 4:
      return 'hardAcceleration';
    case 2:
      return 'hardCornering';
    default:
      return undefined;
  }
}
