import { checksum } from './frame.ts';

/** A device message as the device frames it: `$$<flag><length>,<imei>,<data>*<checksum>\r\n`. */
export function deviceFrame(flag: string, imei: string, data: string | Buffer): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const length = `,${imei},`.length + body.length + '*XX\r\n'.length;
  const head = Buffer.concat([Buffer.from(`$$${flag}${length},${imei},`, 'latin1'), body, Buffer.from('*', 'latin1')]);
  return Buffer.concat([head, Buffer.from(`${checksum(head)}\r\n`, 'latin1')]);
}

export const IMEI = '353358017784062';

/** A periodic report (event 35) with a cell, hex analog inputs and the protocol/fuel tail. */
export const AAA = deviceFrame(
  'Q',
  IMEI,
  'AAA,35,22.513015,-114.057235,090721122911,A,7,22,36,173,1.4,12,1160,1125,460|1|2695|0F09,0402,0001||0002|0188|0473,,,1,0a32',
);
