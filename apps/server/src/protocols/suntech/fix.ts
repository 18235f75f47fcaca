import { KNOTS_PER_KMH } from '@rastro/api';
import type { DecodedPosition } from '../types.ts';
import type { Fields } from './fields.ts';
import { KEY } from '../../position/keys.ts';

/**
 * The fix as the legacy (ST300…) and ST4xx reports write it, in this order: latitude, longitude,
 * speed in km/h, course, satellites, then `1` when it is valid.
 */
export function readFix(fields: Fields, position: DecodedPosition): void {
  position.latitude = fields.latitude();
  position.longitude = fields.longitude();
  position.speed = fields.decimal() * KNOTS_PER_KMH;
  position.course = fields.decimal();
  position.attributes[KEY.sat] = fields.int();
  position.valid = fields.text() === '1';
}
