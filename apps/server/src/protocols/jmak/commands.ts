import { ProtocolError, type DeviceCommand } from '../codec.ts';

/**
 * Traccar has no JMAK encoder: only `custom`, whose hex `data` goes out as those bytes (Traccar's
 * default for a pipeline without a text encoder).
 */
export const JMAK_COMMAND_TYPES = ['custom'];

export function encodeJmakCommand(command: DeviceCommand): Buffer {
  if (command.type !== 'custom') throw new ProtocolError(`jmak: unsupported command type ${command.type}`);
  const data = command.attributes.data;
  if (typeof data !== 'string' || !/^(?:[0-9a-fA-F]{2})+$/.test(data)) throw new ProtocolError('jmak: custom command needs hex `data`');
  return Buffer.from(data, 'hex');
}
