import { ProtocolError, type DeviceCommand } from '../codec.ts';

/**
 * Traccar has no CalAmp encoder: only `custom`, whose hex `data` (a whole LMU message, options
 * header included) goes out as that datagram.
 */
export const CALAMP_COMMAND_TYPES = ['custom'];

export function encodeCalAmpCommand(command: DeviceCommand): Buffer {
  if (command.type !== 'custom') throw new ProtocolError(`calamp: unsupported command type ${command.type}`);
  const data = command.attributes.data;
  if (typeof data !== 'string' || !/^(?:[0-9a-fA-F]{2})+$/.test(data)) throw new ProtocolError('calamp: custom command needs hex `data`');
  return Buffer.from(data, 'hex');
}
