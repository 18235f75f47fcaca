import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { commandText, customLines, type CommandTexts } from '../kit/commands.ts';
import { connectionOf } from './connection.ts';

export const SUNTECH_COMMAND_TYPES = [
  'custom',
  'outputControl',
  'rebootDevice',
  'positionSingle',
  'engineStop',
  'engineResume',
  'alarmArm',
  'alarmDisarm',
];

/** Legacy commands are prefixed with the device's model family; SA200 when no report told it yet. */
const DEFAULT_FAMILY = 'SA200';

/** Universal `CMD;<id>;04;<action>` codes to switch outputs 1 to 3 on and off. */
const OUTPUT_ON = ['01', '03', '09'];
const OUTPUT_OFF = ['02', '04', '10'];

/**
 * Encodes a command the way the device's own reports are written: universal `CMD;<id>;...` once
 * it sent a universal report, otherwise legacy `<family>CMD;<id>;02;...`. Engine stop and resume
 * switch output 1, alarm arm and disarm output 2. `custom` sends its text as is, with `\r` and
 * `\n` escapes turned into the characters.
 */
export function encodeSuntechCommand(command: DeviceCommand, state: ConnectionState): Buffer {
  if (command.type === 'custom') {
    return Buffer.from(customLines(command, 'suntech'), 'latin1');
  }
  const uniqueId = state.device?.uniqueId;
  if (!uniqueId) throw new ProtocolError('the device has not identified itself yet');
  const { universal, lastHead } = connectionOf(state);
  const text = universal ? universalCommand(command, uniqueId) : legacyCommand(command, uniqueId, familyOf(lastHead));
  return Buffer.from(`${text}\r`, 'latin1');
}

function familyOf(head: string | null): string {
  // `ST300STT` -> `ST300`; heads without a report type (`ST910`) keep the default.
  return head !== null && head.length > 5 ? head.slice(0, -3) : DEFAULT_FAMILY;
}

/** Universal command codes after `CMD;<id>;`. */
const UNIVERSAL: CommandTexts = {
  rebootDevice: '03;03',
  positionSingle: '03;01',
  outputControl: (command) => {
    const { index, enable } = outputOf(command);
    const code = (enable ? OUTPUT_ON : OUTPUT_OFF)[index - 1];
    if (!code) throw new ProtocolError(`suntech has no output ${index}`);
    return `04;${code}`;
  },
  engineStop: '04;01',
  engineResume: '04;02',
  alarmArm: '04;03',
  alarmDisarm: '04;04',
};

/** Legacy actions after `<family>CMD;<id>;02;`. */
const LEGACY: CommandTexts = {
  rebootDevice: 'Reboot',
  positionSingle: 'StatusReq',
  outputControl: (command) => {
    const { index, enable } = outputOf(command);
    return `${enable ? 'Enable' : 'Disable'}${index}`;
  },
  engineStop: 'Enable1',
  engineResume: 'Disable1',
  alarmArm: 'Enable2',
  alarmDisarm: 'Disable2',
};

function universalCommand(command: DeviceCommand, uniqueId: string): string {
  return `CMD;${uniqueId};${commandText(UNIVERSAL, command, 'suntech')}`;
}

function legacyCommand(command: DeviceCommand, uniqueId: string, family: string): string {
  return `${family}CMD;${uniqueId};02;${commandText(LEGACY, command, 'suntech')}`;
}

/** `index` names the output (from 1); `data` "1" switches it on, anything else off. */
function outputOf(command: DeviceCommand): { index: number; enable: boolean } {
  const index = Number(command.attributes.index);
  if (!Number.isInteger(index) || index < 1) throw new ProtocolError('outputControl needs an output index');
  return { index, enable: String(command.attributes.data) === '1' };
}
