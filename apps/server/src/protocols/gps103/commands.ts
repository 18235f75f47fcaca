import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { customText, unsupportedCommand } from '../kit/commands.ts';

/** Traccar's GPS103 data commands. */
export const GPS103_COMMAND_TYPES = [
  'custom',
  'positionSingle',
  'positionPeriodic',
  'positionStop',
  'engineStop',
  'engineResume',
  'alarmArm',
  'alarmDisarm',
  'requestPhoto',
];

/** The command letter (or code) of each command without parameters. */
const CODES = new Map([
  ['positionStop', 'D'],
  ['positionSingle', 'B'],
  ['engineStop', 'J'],
  ['engineResume', 'K'],
  ['alarmArm', 'L'],
  ['alarmDisarm', 'M'],
  ['requestPhoto', '160'],
]);

/**
 * `**,imei:<imei>,<code>[,<parameter>]`, without a terminator, as Traccar sends them. `custom`
 * puts its `data` after the IMEI (`H,080` sets the speed alarm to 80 km/h).
 */
export function encodeGps103Command(command: DeviceCommand, state: ConnectionState): Buffer {
  const uniqueId = state.device?.uniqueId;
  if (!uniqueId) throw new ProtocolError('gps103: the device has not identified itself on this connection');
  const body = command.type === 'custom' ? customText(command, 'gps103') : command.type === 'positionPeriodic' ? `C,${interval(command)}` : CODES.get(command.type);
  if (body === undefined) throw unsupportedCommand(command, 'gps103');
  return Buffer.from(`**,imei:${uniqueId},${body}`, 'latin1');
}

/** The reporting interval in its largest whole unit, two digits at least: `30s`, `05m`, `02h`. */
function interval(command: DeviceCommand): string {
  const { frequency } = command.attributes;
  const seconds = typeof frequency === 'number' ? frequency : typeof frequency === 'string' && /^\d+$/.test(frequency) ? Number(frequency) : NaN;
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new ProtocolError('gps103: positionPeriodic needs a whole `frequency` in seconds');
  const [value, unit] = seconds >= 3600 ? [Math.floor(seconds / 3600), 'h'] : seconds >= 60 ? [Math.floor(seconds / 60), 'm'] : [seconds, 's'];
  return `${String(value).padStart(2, '0')}${unit}`;
}
