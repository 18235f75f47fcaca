import type { DeviceCommand } from '../codec.ts';
import { encodeCustomHexOnly } from '../kit/commands.ts';

/**
 * Traccar has no JMAK encoder: only `custom`, whose hex `data` goes out as those bytes (Traccar's
 * default for a pipeline without a text encoder).
 */
export const JMAK_COMMAND_TYPES = ['custom'];

export function encodeJmakCommand(command: DeviceCommand): Buffer {
  return encodeCustomHexOnly(command, 'jmak');
}
