import { ProtocolError, type DeviceCommand } from '../codec.ts';

/** Traccar has no Continental encoder: only `custom`, whose hex `data` goes out as those bytes (a whole frame). */
export const CONTINENTAL_COMMAND_TYPES = ['custom'];

export function encodeContinentalCommand(command: DeviceCommand): Buffer {
  if (command.type !== 'custom') throw new ProtocolError(`continental: unsupported command type ${command.type}`);
  const { data } = command.attributes;
  if (typeof data !== 'string' || !/^(?:[0-9a-fA-F]{2})+$/.test(data)) throw new ProtocolError('continental: custom command needs hex `data`');
  return Buffer.from(data, 'hex');
}
