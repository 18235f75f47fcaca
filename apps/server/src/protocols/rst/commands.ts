import type { DeviceCommand } from '../codec.ts';
import { customLines, unsupportedCommand } from '../kit/commands.ts';

/**
 * Traccar has no RST encoder; like Traccar, `custom` sends its text as is (the device speaks text
 * `RST;…;FIM;` messages), with `\r` and `\n` escapes turned into line breaks.
 */
export const RST_COMMAND_TYPES = ['custom'];

export function encodeRstCommand(command: DeviceCommand): Buffer {
  if (command.type !== 'custom') throw unsupportedCommand(command, 'rst');
  return Buffer.from(customLines(command, 'rst'), 'latin1');
}
