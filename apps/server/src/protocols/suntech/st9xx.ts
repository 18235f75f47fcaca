import { KNOTS_PER_KMH } from '@rastro/api';
import { Fields } from './fields.ts';
import type { SuntechMessage } from './message.ts';
import type { SuntechOptions } from './options.ts';
import { addAlarm, blankPosition, setText } from './position.ts';
import { KEY } from '../../position/keys.ts';

const TYPES = new Set(['Location', 'Emergency', 'Alert']);

/**
 * `ST910;Location;...`, `ST910;Emergency;...`, `ST910;Alert;...` (other types are ignored, as in
 * Traccar). Emergencies and alerts raise a general alarm. The layout depends on the configured
 * protocol type: any type but 0 drops the firmware version from alerts, and type 1 adds a cell
 * id before the location and an odometer after it.
 */
export function decodeSt9xxReport(values: string[], options: SuntechOptions): SuntechMessage | null {
  const fields = new Fields(values);
  fields.skip();
  const type = fields.text();
  if (!TYPES.has(type)) return null;
  const uniqueId = fields.text();
  const extended = options.protocolType === 1;

  const firmware = type !== 'Alert' || options.protocolType === 0 ? fields.text() : '';
  const position = blankPosition(fields.dateTime());
  if (type !== 'Location') addAlarm(position, 'general');
  setText(position, KEY.versionFw, firmware);
  if (extended) fields.skip(); // cell
  position.latitude = fields.latitude();
  position.longitude = fields.longitude();
  position.speed = fields.decimal() * KNOTS_PER_KMH;
  position.course = fields.decimal();
  position.valid = fields.text() === '1';
  if (extended) position.attributes[KEY.odometer] = fields.int();
  return { uniqueId, positions: [position] };
}
