import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { customText, unsupportedCommand } from '../kit/commands.ts';
import { textSetting } from '../kit/settings.ts';
import { HEADER_KEY } from './decoder.ts';
import { FIRST_HEADER } from './frame.ts';

export const T800X_COMMAND_TYPES = ['custom', 'engineStop', 'engineResume'];

const COMMAND = 0x81;
/** The mode byte for settings (the others broadcast or forward to a serial device). */
const MODE_SETTING = 0x01;
/** Marker 2, type 1, length 2, serial 2, IMEI 8, mode 1. */
const COMMAND_HEAD = 16;
/** Topflytech devices ship with this PIN. */
const DEFAULT_PIN = '0000';

/**
 * A 0x81 message with the device's SMS command text (`RELAY,0000,On#`), written with the
 * marker of the device's latest message (0x2323 before any). The relay cuts the fuel supply
 * when on; the device waits until the vehicle is slower than 20 km/h before switching it.
 */
export function encodeT800xCommand(command: DeviceCommand, state: ConnectionState): Buffer {
  const uniqueId = state.device?.uniqueId;
  if (!uniqueId) throw new ProtocolError('t800x: the device has not identified itself yet');
  if (!/^\d{15}$/.test(uniqueId)) throw new ProtocolError('t800x: commands need the device’s 15-digit IMEI');
  const text = commandText(command, state);
  if (!/^[\x20-\x7e]+$/.test(text)) throw new ProtocolError('t800x: command text must be printable ASCII');
  const header = state.data[HEADER_KEY];
  const message = Buffer.alloc(COMMAND_HEAD + text.length);
  message.writeUInt16BE(typeof header === 'number' ? header : FIRST_HEADER, 0);
  message.writeUInt8(COMMAND, 2);
  message.writeUInt16BE(message.length, 3);
  message.writeUInt16BE(1, 5);
  message.write(`0${uniqueId}`, 7, 'hex');
  message.writeUInt8(MODE_SETTING, 15);
  message.write(text, COMMAND_HEAD, 'latin1');
  return message;
}

function commandText(command: DeviceCommand, state: ConnectionState): string {
  switch (command.type) {
    case 'custom': {
      return customText(command, 't800x');
    }
    case 'engineStop':
      return `RELAY,${pinOf(command, state)},On#`;
    case 'engineResume':
      return `RELAY,${pinOf(command, state)},Off#`;
    default:
      throw unsupportedCommand(command, 't800x');
  }
}

/** Traccar's `devicePassword`: on the command, else the device's or the protocol's setting. */
function pinOf(command: DeviceCommand, state: ConnectionState): string {
  const given = command.attributes.devicePassword;
  if (typeof given === 'string' && given !== '') return given;
  return textSetting(state, 'devicePassword') ?? textSetting(state, 't800x.devicePassword') ?? DEFAULT_PIN;
}
