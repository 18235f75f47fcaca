import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { customLines, unsupportedCommand } from '../kit/commands.ts';
import { booleanSetting } from '../kit/settings.ts';

/** Traccar's H02 data commands, plus `custom`, which every protocol accepts. */
export const H02_COMMAND_TYPES = ['alarmArm', 'alarmDisarm', 'engineStop', 'engineResume', 'positionPeriodic', 'custom'];

/** Command word and parameters of each fixed command. */
const FIXED = new Map([
  ['alarmArm', ['SCF', '0', '0']],
  ['alarmDisarm', ['SCF', '1', '1']],
  ['engineStop', ['S20', '1', '1']],
  ['engineResume', ['S20', '1', '0']],
]);

/**
 * `*HQ,<id>,<command>,<hhmmss>,<parameters>#`, the time in UTC. `custom` sends `data` as it is,
 * with the escapes `\r` and `\n` turned into line breaks, as Traccar does for text protocols.
 */
export function encodeH02Command(command: DeviceCommand, state: ConnectionState, time = new Date()): Buffer {
  if (command.type === 'custom') {
    return Buffer.from(customLines(command, 'h02'));
  }
  const uniqueId = state.device?.uniqueId;
  if (!uniqueId) throw new ProtocolError('h02: the device has not identified itself on this connection');
  const words = command.type === 'positionPeriodic' ? periodic(command, state) : FIXED.get(command.type);
  if (!words) throw unsupportedCommand(command, 'h02');
  const [word, ...parameters] = words;
  const hhmmss = time.toISOString().slice(11, 19).replaceAll(':', '');
  return Buffer.from(`*HQ,${uniqueId},${word},${[hhmmss, ...parameters].join(',')}#`);
}

/** `S71,22,<seconds>`, or `D1,<seconds>` for the devices that take the alternative form (`h02.alternative`). */
function periodic(command: DeviceCommand, state: ConnectionState): string[] {
  return booleanSetting(state, 'h02.alternative') ? ['D1', frequency(command)] : ['S71', '22', frequency(command)];
}

/** Reporting interval in seconds; anything but digits would break the message. */
function frequency(command: DeviceCommand): string {
  const value = command.attributes.frequency;
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  if (!/^\d+$/.test(text)) throw new ProtocolError('h02: positionPeriodic needs a whole `frequency` in seconds');
  return text;
}
