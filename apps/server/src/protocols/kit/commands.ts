import { ProtocolError, type DeviceCommand } from '../codec.ts';

/** Hex digits in whole bytes, as `custom` data for a binary protocol is written. */
const HEX_BYTES = /^(?:[0-9a-fA-F]{2})+$/;

/** A command attribute that must be a non-empty text; one message for every protocol that needs one. */
export function textAttribute(command: DeviceCommand, key: string, protocol: string): string {
  const value = command.attributes[key];
  if (typeof value !== 'string' || value === '') throw new ProtocolError(`${protocol}: ${command.type} needs a \`${key}\` text`);
  return value;
}

/** The text `data` of a `custom` command, which text protocols send (nearly) as it is. */
export function customText(command: DeviceCommand, protocol: string): string {
  const { data } = command.attributes;
  if (typeof data !== 'string' || data === '') throw new ProtocolError(`${protocol}: custom command needs a \`data\` text`);
  return data;
}

/** The hex `data` of a `custom` command as bytes: Traccar's default for a binary protocol. */
export function customHexBytes(command: DeviceCommand, protocol: string): Buffer {
  const { data } = command.attributes;
  if (typeof data !== 'string' || !HEX_BYTES.test(data)) throw new ProtocolError(`${protocol}: custom command needs hex \`data\``);
  return Buffer.from(data, 'hex');
}

/** The encoder of a protocol Traccar has no encoder for: only `custom` hex bytes go out. */
export function encodeCustomHexOnly(command: DeviceCommand, protocol: string): Buffer {
  if (command.type !== 'custom') throw new ProtocolError(`${protocol}: unsupported command type ${command.type}`);
  return customHexBytes(command, protocol);
}
