import { lengthPrefixed } from '../kit/framing.ts';

/** `SV`, then the whole frame's length (header included) in two bytes. */
export const continentalFraming = lengthPrefixed({ header: Buffer.from('SV', 'latin1'), offset: 2, size: 2, adjust: 0 });
