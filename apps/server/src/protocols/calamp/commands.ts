import type { DeviceCommand } from '../codec.ts';
import { encodeCustomHexOnly } from '../kit/commands.ts';

/**
 * Traccar has no CalAmp encoder: only `custom`, whose hex `data` (a whole LMU message, options
 * header included) goes out as that datagram.
 */
export const CALAMP_COMMAND_TYPES = ['custom'];

export function encodeCalAmpCommand(command: DeviceCommand): Buffer {
  return encodeCustomHexOnly(command, 'calamp');
}
