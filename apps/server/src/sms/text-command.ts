import { ClientError } from '../domain/errors.ts';

/**
 * Command types the text channel carries. Traccar encodes others as SMS only for the Granit,
 * Totem and Wondex protocols, which this server does not speak; for every device `custom` is sent
 * as it is written.
 */
export const TEXT_COMMAND_TYPES: readonly string[] = ['custom'];

/** The SMS text of a command sent by the text channel (Traccar's BaseProtocol.sendTextCommand). */
export function commandText(command: { type: string; attributes: Record<string, unknown> }): string {
  const data = command.attributes.data;
  if (command.type !== 'custom') throw new ClientError(`Command ${command.type} is not supported`);
  if (typeof data !== 'string' || !data) throw new ClientError('Invalid request: attributes.data: the custom command text is required');
  return data;
}
