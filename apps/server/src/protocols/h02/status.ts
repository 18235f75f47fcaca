import type { Alarm, Attributes } from '@rastro/api';
import { KEY } from '../../position/keys.ts';

/**
 * The 32-bit status word, whose alarm bits are active-low. Like Traccar, one alarm per message,
 * in this order: bit 0 vibration, bit 1 or 18 SOS, bit 2 overspeed, bit 19 external power cut.
 * Traccar reads ACC from bit 10 as set = on, and keeps the whole word as `status`.
 */
export function readStatus(status: number, attributes: Attributes): void {
  const clear = (bit: number) => ((status >>> bit) & 1) === 0;
  const alarm: Alarm | undefined = clear(0) ? 'vibration' : clear(1) || clear(18) ? 'sos' : clear(2) ? 'overspeed' : clear(19) ? 'powerCut' : undefined;
  if (alarm) attributes[KEY.alarm] = alarm;
  attributes[KEY.ignition] = !clear(10);
  attributes[KEY.status] = status;
}
