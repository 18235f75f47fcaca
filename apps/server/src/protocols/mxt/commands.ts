import { ProtocolError, type DeviceCommand } from '../codec.ts';

/** Traccar has no MXT encoder: only `custom`, whose hex `data` goes out as those bytes. */
export const MXT_COMMAND_TYPES = ['custom'];

export function encodeMxtCommand(command: DeviceCommand): Buffer {
  if (command.type !== 'custom') throw new ProtocolError(`mxt: unsupported command type ${command.type}`);
  const data = command.attributes.data;
  if (typeof data !== 'string' || !/^(?:[0-9a-fA-F]{2})+$/.test(data)) throw new ProtocolError('mxt: custom command needs hex `data`');
  return Buffer.from(data, 'hex');
}
