import type { DeviceCommand } from '../codec.ts';
import { encodeCustomHexOnly } from '../kit/commands.ts';

/** Traccar has no MXT encoder: only `custom`, whose hex `data` goes out as those bytes. */
export const MXT_COMMAND_TYPES = ['custom'];

export function encodeMxtCommand(command: DeviceCommand): Buffer {
  return encodeCustomHexOnly(command, 'mxt');
}
