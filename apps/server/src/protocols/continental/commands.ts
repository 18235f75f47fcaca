import type { DeviceCommand } from '../codec.ts';
import { encodeCustomHexOnly } from '../kit/commands.ts';

/** Traccar has no Continental encoder: only `custom`, whose hex `data` goes out as those bytes (a whole frame). */
export const CONTINENTAL_COMMAND_TYPES = ['custom'];

export function encodeContinentalCommand(command: DeviceCommand): Buffer {
  return encodeCustomHexOnly(command, 'continental');
}
