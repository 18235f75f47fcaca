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

/**
 * The text of a `custom` command with the escapes `\r` and `\n`, as typed in a form, turned into
 * line breaks: what Traccar sends for a text protocol, whose devices end a command with one.
 */
export function customLines(command: DeviceCommand, protocol: string): string {
  return customText(command, protocol).replaceAll('\\r', '\r').replaceAll('\\n', '\n');
}

/** The hex `data` of a `custom` command as bytes: Traccar's default for a binary protocol. */
export function customHexBytes(command: DeviceCommand, protocol: string): Buffer {
  const { data } = command.attributes;
  if (typeof data !== 'string' || !HEX_BYTES.test(data)) throw new ProtocolError(`${protocol}: custom command needs hex \`data\``);
  return Buffer.from(data, 'hex');
}

/** The encoder of a protocol Traccar has no encoder for: only `custom` hex bytes go out. */
export function encodeCustomHexOnly(command: DeviceCommand, protocol: string): Buffer {
  if (command.type !== 'custom') throw unsupportedCommand(command, protocol);
  return customHexBytes(command, protocol);
}

/** The refusal of a command type a protocol cannot send: one message for every protocol. */
export function unsupportedCommand(command: DeviceCommand, protocol: string): ProtocolError {
  return new ProtocolError(`${protocol}: unsupported command type ${command.type}`);
}

/**
 * A protocol's commands as data: each type it can send, with its fixed text or a function that
 * writes it from the command's attributes (and `Context`, whatever else the encoder knows, such
 * as the connection). A type the table lacks is one the protocol cannot send.
 */
export type CommandTexts<Context = void> = Readonly<Record<string, string | ((command: DeviceCommand, context: Context) => string)>>;

/** The text `texts` gives for `command`; a type it has no entry for is refused as `protocol`'s. */
export function commandText(texts: CommandTexts, command: DeviceCommand, protocol: string): string;
export function commandText<Context>(texts: CommandTexts<Context>, command: DeviceCommand, protocol: string, context: Context): string;
export function commandText<Context>(texts: CommandTexts<Context>, command: DeviceCommand, protocol: string, context?: Context): string {
  // Own entries only: `toString` or `constructor` are not command types.
  if (!Object.hasOwn(texts, command.type)) throw unsupportedCommand(command, protocol);
  const entry = texts[command.type];
  return typeof entry === 'string' ? entry : entry(command, context as Context);
}
