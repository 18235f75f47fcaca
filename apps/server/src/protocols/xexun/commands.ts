import type { ConnectionState, DeviceCommand } from '../codec.ts';
import { textSetting } from '../kit/settings.ts';
import { customLines, unsupportedCommand } from '../kit/commands.ts';

/** Traccar's Xexun data commands, plus `custom` text. */
export const XEXUN_COMMAND_TYPES = ['engineStop', 'engineResume', 'custom'];

/** The factory password, unless the command, the device (`devicePassword`) or the server (`xexun.devicePassword`) sets another. */
const DEFAULT_PASSWORD = '123456';

function passwordOf(command: DeviceCommand, state: ConnectionState): string {
  const given = command.attributes.devicePassword;
  if (typeof given === 'string' && given !== '') return given;
  return textSetting(state, 'devicePassword') ?? textSetting(state, 'xexun.devicePassword') ?? DEFAULT_PASSWORD;
}

/**
 * SMS-style text commands: `powercar<password> 11` cuts the fuel (engine stop), `powercar<password> 00`
 * restores it. `custom` sends its text as it is, with `\r` and `\n` escapes turned into line breaks.
 */
export function encodeXexunCommand(command: DeviceCommand, state: ConnectionState): Buffer {
  switch (command.type) {
    case 'engineStop':
      return Buffer.from(`powercar${passwordOf(command, state)} 11`, 'latin1');
    case 'engineResume':
      return Buffer.from(`powercar${passwordOf(command, state)} 00`, 'latin1');
    case 'custom':
      return Buffer.from(customLines(command, 'xexun'), 'latin1');
    default:
      throw unsupportedCommand(command, 'xexun');
  }
}
