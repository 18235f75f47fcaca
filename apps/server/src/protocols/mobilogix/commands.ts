import type { DeviceCommand } from '../codec.ts';
import { customText, unsupportedCommand } from '../kit/commands.ts';

export const MOBILOGIX_COMMAND_TYPES = ['custom', 'engineStop', 'engineResume', 'positionSingle', 'rebootDevice'];

/** What each command asks for; `custom` gives its own. */
const PARAMETERS: Record<string, string> = {
  engineStop: 'S6,RELAY=1',
  engineResume: 'S6,RELAY=0',
  positionSingle: 'S4,1,1',
  rebootDevice: 'S7',
};

/** Commands are messages like the server's replies: `[yyyy-mm-dd hh:mm:ss,<parameters>]`, stamped now (UTC). */
export function encodeMobilogixCommand(command: DeviceCommand): Buffer {
  let parameters = PARAMETERS[command.type] as string | undefined;
  if (command.type === 'custom') {
    parameters = customText(command, 'mobilogix');
  }
  if (parameters === undefined) throw unsupportedCommand(command, 'mobilogix');
  const stamp = new Date().toISOString().slice(0, 19).replace('T', ' ');
  return Buffer.from(`[${stamp},${parameters}]`, 'latin1');
}
