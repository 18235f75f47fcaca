import { ProtocolError, type DeviceCommand } from '../codec.ts';
import { encodePacket } from './frame.ts';

const COMMAND = 0x80;

export const GT06_COMMAND_TYPES = ['engineStop', 'engineResume', 'custom'];

/**
 * What Traccar sends for devices without a configured model: switch relay 1, which cuts the fuel
 * pump or ignition line. (`DYD#`/`HFYD#` are Traccar's texts for the G109 model only.)
 */
const RELAY_TEXT = new Map([
  ['engineStop', 'Relay,1#'],
  ['engineResume', 'Relay,0#'],
]);

/** What a 1-byte frame length leaves for the text: type, text length, server flag, serial and CRC take 10 bytes. */
const MAX_TEXT_LENGTH = 0xff - 10;

/**
 * A 0x80 packet: length of what follows (4-byte server flag plus the text), the server flag,
 * the text. Flag and serial are 0, as Traccar sends them; the device answers with a 0x15 message.
 */
export function encodeGt06Command(command: DeviceCommand): Buffer {
  const text = commandText(command);
  if (!/^[\x20-\x7e\r\n]*$/.test(text)) throw new ProtocolError('gt06: command text must be printable ASCII');
  if (text.length > MAX_TEXT_LENGTH) throw new ProtocolError(`gt06: command text longer than ${MAX_TEXT_LENGTH} characters`);
  const body = Buffer.alloc(1 + 4 + text.length);
  body[0] = 4 + text.length;
  body.write(text, 5, 'ascii');
  return encodePacket(COMMAND, body, 0);
}

function commandText(command: DeviceCommand): string {
  if (command.type === 'custom') {
    const data = command.attributes.data;
    if (typeof data !== 'string' || data === '') throw new ProtocolError('gt06: custom command needs a `data` text');
    return data;
  }
  const text = RELAY_TEXT.get(command.type);
  if (text === undefined) throw new ProtocolError(`gt06: unsupported command type ${command.type}`);
  return text;
}
