import { ProtocolError } from '../codec.ts';

/**
 * `[<manufacturer>*<device id>*<length>*<type>,<body>]`, the length being 4 hex digits. Some
 * firmwares put a 4-hex-digit serial before the length (`[ZJ*id*0001*0009*TEMP,36.5]`); replies
 * and commands must then carry one too.
 */
export interface WatchMessage {
  /** Two letters (`SG`, `3G`, `CS`, `ZJ`…), echoed in replies. */
  manufacturer: string;
  id: string;
  index?: string;
  type: string;
  /** What follows the type's comma: text for most types, escaped-then-undone binary for media. */
  body: Buffer;
}

const HEX4 = /^[0-9a-fA-F]{4}$/;

export function parseMessage(frame: Buffer): WatchMessage {
  const text = frame.toString('latin1');
  if (!text.startsWith('[') || !text.endsWith(']') || text[3] !== '*') throw new ProtocolError('not a watch message');
  const manufacturer = text.slice(1, 3);
  const idEnd = text.indexOf('*', 4);
  if (idEnd <= 4) throw new ProtocolError('watch message without a device id');
  const id = text.slice(4, idEnd);

  let at = idEnd + 1;
  let index: string | undefined;
  const next = text.indexOf('*', at);
  if (next >= 0 && text[next + 5] === '*' && HEX4.test(text.slice(next + 1, next + 5))) {
    index = text.slice(at, next);
    at = next + 1;
  }
  if (text[at + 4] !== '*') throw new ProtocolError('watch message without a length');
  const content = frame.subarray(at + 5, frame.length - 1);
  const comma = content.indexOf(0x2c);
  const type = content.subarray(0, comma < 0 ? content.length : comma).toString('latin1');
  const body = comma < 0 ? Buffer.alloc(0) : content.subarray(comma + 1);
  return index === undefined ? { manufacturer, id, type, body } : { manufacturer, id, index, type, body };
}

/** `[manufacturer*id*(index*)length*content]`, the length in lower-case hex as the devices write it. */
export function envelope(manufacturer: string, id: string, index: string | undefined, content: Buffer): Buffer {
  const length = content.length.toString(16).padStart(4, '0');
  const head = `[${manufacturer}*${id}*${index === undefined ? '' : `${index}*`}${length}*`;
  return Buffer.concat([Buffer.from(head, 'latin1'), content, Buffer.from(']', 'latin1')]);
}
