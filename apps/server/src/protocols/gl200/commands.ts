import { textSetting } from '../kit/settings.ts';
import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { customLines, unsupportedCommand } from '../kit/commands.ts';

export const GL200_COMMAND_TYPES = ['positionSingle', 'engineStop', 'engineResume', 'deviceIdentification', 'rebootDevice', 'custom'];

/**
 * @Track AT commands, each ending with the `FFFF` serial number and `$`. `%p` is the device
 * password. RTO (real-time operation) sub-commands: 1 a position now, 3 reboot, 8 the version
 * report. OUT switches digital output 1, which drives the engine cut relay.
 */
const TEMPLATES = new Map([
  ['positionSingle', 'AT+GTRTO=%p,1,,,,,,FFFF$'],
  ['engineStop', 'AT+GTOUT=%p,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$'],
  ['engineResume', 'AT+GTOUT=%p,0,,,0,0,0,0,0,0,0,,,,,,,FFFF$'],
  ['deviceIdentification', 'AT+GTRTO=%p,8,,,,,,FFFF$'],
  ['rebootDevice', 'AT+GTRTO=%p,3,,,,,,FFFF$'],
]);

/**
 * The password is the command's `devicePassword`, else the device's, else `gl200.devicePassword`
 * from the configuration, else empty (which devices configured without one accept). `custom`
 * sends its text as is, with `\r` and `\n` escapes turned into the characters.
 */
export function encodeGl200Command(command: DeviceCommand, state: ConnectionState): Buffer {
  if (command.type === 'custom') {
    return Buffer.from(customLines(command, 'gl200'), 'latin1');
  }
  const template = TEMPLATES.get(command.type);
  if (template === undefined) throw unsupportedCommand(command, 'gl200');
  const password = passwordOf(command, state);
  if (/[,$\r\n]/.test(password)) throw new ProtocolError('gl200: the device password cannot hold , or $');
  return Buffer.from(template.replace('%p', password), 'latin1');
}

function passwordOf(command: DeviceCommand, state: ConnectionState): string {
  const own = command.attributes.devicePassword;
  if (typeof own === 'string' || typeof own === 'number') return String(own);
  return textSetting(state, 'devicePassword') ?? textSetting(state, 'gl200.devicePassword') ?? '';
}
