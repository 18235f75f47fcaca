import { ProtocolError } from '../codec.ts';

/** Teltonika identifies with its 15-digit IMEI; a little slack for other devices speaking the protocol. */
export const MAX_IMEI_LENGTH = 32;

const PRINTABLE = /^[\x21-\x7e]+$/;

export function parseImei(bytes: Buffer): string {
  const imei = bytes.toString('latin1');
  if (bytes.length > MAX_IMEI_LENGTH || !PRINTABLE.test(imei)) throw new ProtocolError('invalid IMEI');
  return imei;
}
