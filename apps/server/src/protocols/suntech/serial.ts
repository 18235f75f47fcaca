import type { DecodedPosition } from '../types.ts';
import { parseDecimal, parseHex, type Fields } from './fields.ts';
import { setText } from './position.ts';
import { KEY, PREFIX } from '../../position/keys.ts';

/**
 * The serial payload of a UEX report: a character count, then fields up to that count (each
 * counted with its separator), then a checksum. Traccar recognises a few accessories: CabAVL
 * fuel messages, GTSL driver identification, `t_n=`/`N_n=`/`Q_D=` hex readings of temperature,
 * fuel and driving quality sensors; any other text is kept as `serial`.
 */
export function decodeSerialData(fields: Fields, position: DecodedPosition): void {
  const { attributes } = position;
  let totalFuel = 0;
  for (let remaining = fields.int(); remaining > 0; ) {
    const field = fields.text();
    remaining -= field.length + 1;
    if (field.startsWith('CabAVL')) {
      const parts = field.split(',');
      for (const [index, key] of [[2, 'fuel1'], [3, 'fuel2']] as const) {
        const fuel = parseDecimal(parts[index] ?? '');
        if (fuel > 0) {
          totalFuel += fuel;
          attributes[key] = fuel;
        }
      }
    } else if (field.startsWith('GTSL')) {
      setText(position, KEY.driverUniqueId, field.split('|')[4] ?? '');
    } else if (field.includes('=')) {
      const [key, raw = ''] = field.split('=');
      // Readings are hex; a fractional part, if any, is dropped.
      const value = raw.trim().split('.')[0];
      if (value === '') continue;
      if (key.startsWith('t')) attributes[`${PREFIX.temp}${key.charAt(2)}`] = parseHex(value);
      else if (key.startsWith('N')) {
        const fuel = parseHex(value);
        totalFuel += fuel;
        attributes[`fuel${key.charAt(2)}`] = fuel;
      } else if (key.startsWith('Q')) attributes.drivingQuality = parseHex(value);
    } else {
      attributes.serial = field.trim();
    }
  }
  if (totalFuel > 0) attributes[KEY.fuel] = totalFuel;
  fields.skip(); // checksum
}
