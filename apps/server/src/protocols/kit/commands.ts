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
  if (command.type !== 'custom') throw unsupportedCommand(protocol)(command);
  return customHexBytes(command, protocol);
}

/** The usual refusal of a command type a protocol cannot send. */
export function unsupportedCommand(protocol: string): (command: DeviceCommand) => ProtocolError {
  return (command) => new ProtocolError(`${protocol}: unsupported command type ${command.type}`);
}

/**
 * A protocol's commands as data: each type it can send, with its fixed text or a function that
 * writes it from the command's attributes (and `Context`, whatever else the encoder knows, such
 * as the connection). A type the table lacks is one the protocol cannot send.
 */
export type CommandTexts<Context = void> = Readonly<Record<string, string | ((command: DeviceCommand, context: Context) => string)>>;

/** The text `texts` gives for `command`; a type it has no entry for throws `unsupported`'s error. */
export function commandText(texts: CommandTexts, command: DeviceCommand, unsupported: (command: DeviceCommand) => ProtocolError): string;
export function commandText<Context>(
  texts: CommandTexts<Context>,
  command: DeviceCommand,
  unsupported: (command: DeviceCommand) => ProtocolError,
  context: Context,
): string;
export function commandText<Context>(
  texts: CommandTexts<Context>,
  command: DeviceCommand,
  unsupported: (command: DeviceCommand) => ProtocolError,
  context?: Context,
): string {
  // Own entries only: `toString` or `constructor` are not command types.
  if (!Object.hasOwn(texts, command.type)) throw unsupported(command);
  const entry = texts[command.type];
  return typeof entry === 'string' ? entry : entry(command, context as Context);
}
