import { ProtocolError, type DeviceCommand } from '../codec.ts';
import { textAttribute, unsupportedCommand } from '../kit/commands.ts';
import { FILES } from './files.ts';
import { serverMessage } from './frame.ts';

/** Traccar's Ruptela commands. */
export const RUPTELA_COMMAND_TYPES = [
  'custom',
  'engineStop',
  'engineResume',
  'requestPhoto',
  'configuration',
  'getVersion',
  'firmwareUpdate',
  'outputControl',
  'setConnection',
  'setOdometer',
];

const CONFIGURATION = 2;
const VERSION = 3;
const FIRMWARE_UPDATE = 4;
const SET_CONNECTION = 5;
const SET_ODOMETER = 6;
const SMS_VIA_GPRS = 8;
const SET_IO = 17;
/** File transfer: subtype 1 asks for the pictures taken between two times (here: any). */
const PHOTO_REQUEST = Buffer.from([1, 0, 0, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff]);

/** `custom` data made only of hex byte pairs is sent as those bytes (a whole frame), any other as an SMS command. */
const HEX_BYTES = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * Commands are server messages (`<length> <100 + command> <content> <CRC>`). Engine stop and
 * resume are the immobiliser's SMS commands sent over GPRS (`pass` is the device's default SMS password).
 * A photo request has the device send its pictures (source 0, any time), which come back part by part (files.ts).
 */
export function encodeRuptelaCommand(command: DeviceCommand): Buffer {
  switch (command.type) {
    case 'custom': {
      const data = text(command, 'data');
      return HEX_BYTES.test(data) ? Buffer.from(data, 'hex') : serverMessage(SMS_VIA_GPRS, ascii(data));
    }
    case 'engineStop':
      return serverMessage(SMS_VIA_GPRS, ascii('pass immobilizer 10'));
    case 'engineResume':
      return serverMessage(SMS_VIA_GPRS, ascii('pass resetimmob'));
    case 'requestPhoto':
      return serverMessage(FILES, PHOTO_REQUEST);
    case 'configuration':
      return serverMessage(CONFIGURATION, ascii(`${text(command, 'data')}\r\n`));
    case 'getVersion':
      return serverMessage(VERSION);
    case 'firmwareUpdate':
      return serverMessage(FIRMWARE_UPDATE, ascii('|FU_STRT*\r\n'));
    case 'outputControl':
      return serverMessage(SET_IO, Buffer.concat([int32(command, 'index'), int32(command, 'data')]));
    case 'setConnection':
      return serverMessage(SET_CONNECTION, ascii(`${text(command, 'server')},${String(integer(command, 'port'))},TCP`));
    case 'setOdometer':
      return serverMessage(SET_ODOMETER, int32(command, 'data'));
    default:
      throw unsupportedCommand(command, 'ruptela');
  }
}

function ascii(value: string): Buffer {
  if (!/^[\x20-\x7e\r\n]*$/.test(value)) throw new ProtocolError('ruptela: command text must be printable ASCII');
  return Buffer.from(value, 'latin1');
}

/** This protocol's required text attribute. */
function text(command: DeviceCommand, key: string): string {
  return textAttribute(command, key, 'ruptela');
}

/** Traccar's command attributes may arrive as numbers or as their text. */
function integer(command: DeviceCommand, key: string): number {
  const value = command.attributes[key];
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < -0x80000000 || number > 0xffffffff) throw new ProtocolError(`ruptela: ${command.type} needs a whole \`${key}\``);
  return number;
}

function int32(command: DeviceCommand, key: string): Buffer {
  const buffer = Buffer.alloc(4);
  const value = integer(command, key);
  if (value < 0) buffer.writeInt32BE(value);
  else buffer.writeUInt32BE(value);
  return buffer;
}
