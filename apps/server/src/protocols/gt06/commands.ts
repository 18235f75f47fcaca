import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { customText, unsupportedCommand } from '../kit/commands.ts';
import { booleanSetting, modelOf, textSetting } from '../kit/settings.ts';
import { encodePacket } from './frame.ts';

const COMMAND = 0x80;

export const GT06_COMMAND_TYPES = ['engineStop', 'engineResume', 'custom'];

/**
 * Relay texts: by default relay 1, which cuts the fuel pump or ignition line; G109 trackers take
 * `DYD#`/`HFYD#`, and firmwares configured as alternative (`gt06.alternative`) the same with the
 * device password.
 */
const RELAY_TEXT = new Map([
  ['engineStop', { relay: 'Relay,1#', text: 'DYD' }],
  ['engineResume', { relay: 'Relay,0#', text: 'HFYD' }],
]);

/** Traccar's password when neither the device (`devicePassword`) nor the configuration (`gt06.devicePassword`) gives one. */
const DEFAULT_PASSWORD = '123456';

/** The language field some firmwares expect after the text (`gt06.language`): 2, English. */
const ENGLISH = Buffer.from([0x00, 0x02]);

/** What a 1-byte frame length leaves for the text: type, text length, server flag, serial and CRC take 10 bytes. */
const MAX_TEXT_LENGTH = 0xff - 10;

/**
 * A 0x80 packet: length of the server flag and the text, the 4-byte server flag, the text (and
 * the language where configured). Flag and serial are 0, as Traccar sends them; the device
 * answers with a 0x15 message.
 */
export function encodeGt06Command(command: DeviceCommand, state: ConnectionState): Buffer {
  const text = commandText(command, state);
  const language = booleanSetting(state, 'gt06.language') ? ENGLISH : Buffer.alloc(0);
  if (!/^[\x20-\x7e\r\n]*$/.test(text)) throw new ProtocolError('gt06: command text must be printable ASCII');
  const maxLength = MAX_TEXT_LENGTH - language.length;
  if (text.length > maxLength) throw new ProtocolError(`gt06: command text longer than ${maxLength} characters`);
  const body = Buffer.concat([Buffer.from([4 + text.length, 0, 0, 0, 0]), Buffer.from(text, 'ascii'), language]);
  return encodePacket(COMMAND, body, 0);
}

function commandText(command: DeviceCommand, state: ConnectionState): string {
  if (command.type === 'custom') {
    return customText(command, 'gt06');
  }
  const relay = RELAY_TEXT.get(command.type);
  if (relay === undefined) throw unsupportedCommand(command, 'gt06');
  if (modelOf(state) === 'G109') return `${relay.text}#`;
  if (booleanSetting(state, 'gt06.alternative')) {
    const password = textSetting(state, 'devicePassword') ?? textSetting(state, 'gt06.devicePassword') ?? DEFAULT_PASSWORD;
    return `${relay.text},${password}#`;
  }
  return relay.relay;
}
