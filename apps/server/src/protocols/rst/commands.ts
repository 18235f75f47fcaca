import { ProtocolError, type DeviceCommand } from '../codec.ts';

/**
 * Traccar has no RST encoder; like Traccar, `custom` sends its text as is (the device speaks text
 * `RST;…;FIM;` messages), with `\r` and `\n` escapes turned into line breaks.
 */
export const RST_COMMAND_TYPES = ['custom'];

export function encodeRstCommand(command: DeviceCommand): Buffer {
  if (command.type !== 'custom') throw new ProtocolError(`rst: unsupported command type ${command.type}`);
  const { data } = command.attributes;
  if (typeof data !== 'string' || data === '') throw new ProtocolError('rst: custom command needs a `data` text');
  return Buffer.from(data.replaceAll('\\r', '\r').replaceAll('\\n', '\n'), 'latin1');
}
