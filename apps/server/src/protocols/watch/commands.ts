import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { commandText, textAttribute, type CommandTexts } from '../kit/commands.ts';
import { connectionOf } from './connection.ts';
import { escape } from './frame.ts';
import { envelope } from './message.ts';
import { commandZoneMinutes } from '../kit/time-zone.ts';

export const WATCH_COMMAND_TYPES = [
  'custom',
  'positionSingle',
  'positionPeriodic',
  'sosNumber',
  'alarmSos',
  'alarmBattery',
  'rebootDevice',
  'powerOff',
  'alarmRemove',
  'silenceTime',
  'alarmClock',
  'setPhonebook',
  'message',
  'voiceMessage',
  'setTimezone',
  'setIndicator',
];

/** Before the device wrote anything, and what `3G` devices take commands as. */
const DEFAULT_MANUFACTURER = 'CS';
/** The serial written in commands to devices that number their messages. */
const COMMAND_INDEX = '0001';

/**
 * A command in the device's own envelope: its manufacturer letters (`3G` devices take `SG`),
 * a serial when its messages carry one, the content length in hex. Text commands are the
 * firmware's: `CR` locate now, `UPLOAD,<seconds>`, `SOS1,<phone>`, `RESET`, `POWEROFF`, `LZ,<language>,<offset>`…
 */
export function encodeWatchCommand(command: DeviceCommand, state: ConnectionState): Buffer {
  const uniqueId = state.device?.uniqueId;
  if (!uniqueId) throw new ProtocolError('watch: the device has not identified itself yet');
  const { manufacturer, indexed } = connectionOf(state);
  const letters = manufacturer === null ? DEFAULT_MANUFACTURER : manufacturer === '3G' ? 'SG' : manufacturer;
  return envelope(letters, uniqueId, indexed ? COMMAND_INDEX : undefined, contentOf(command));
}

function contentOf(command: DeviceCommand): Buffer {
  if (command.type === 'voiceMessage') {
    // AMR audio as hex, sent binary with the protocol's escapes.
    const data = text(command, 'data');
    if (!/^([0-9a-fA-F]{2})+$/.test(data)) throw new ProtocolError('watch: voiceMessage data must be hex');
    return Buffer.concat([Buffer.from('TK,', 'latin1'), escape(Buffer.from(data, 'hex'))]);
  }
  const content = commandText(TEXTS, command, 'watch');
  if (!/^[\x20-\x7e]*$/.test(content)) throw new ProtocolError('watch: command text must be printable ASCII');
  return Buffer.from(content, 'latin1');
}

/** The text commands, as the firmware names them. */
const TEXTS: CommandTexts = {
  custom: (command) => text(command, 'data'),
  positionSingle: 'CR',
  positionPeriodic: (command) => `UPLOAD,${whole(command, 'frequency')}`,
  sosNumber: (command) => `SOS${whole(command, 'index')},${text(command, 'phone')}`,
  alarmSos: (command) => `SOSSMS,${flag(command)}`,
  alarmBattery: (command) => `LOWBAT,${flag(command)}`,
  alarmRemove: (command) => `REMOVE,${flag(command)}`,
  rebootDevice: 'RESET',
  powerOff: 'POWEROFF',
  silenceTime: (command) => `SILENCETIME,${text(command, 'data')}`,
  alarmClock: (command) => `REMIND,${text(command, 'data')}`,
  setPhonebook: (command) => `PHB,${text(command, 'data')}`,
  setIndicator: (command) => `FLOWER,${text(command, 'data')}`,
  // The watch shows UTF-16BE text, sent as hex.
  message: (command) => `MESSAGE,${Buffer.from(text(command, 'message'), 'utf16le').swap16().toString('hex')}`,
  setTimezone: (command) => {
    // The language code may be left out: the watch keeps its own.
    const language = command.attributes.language;
    const code = typeof language === 'number' || typeof language === 'string' ? String(language) : '';
    return `LZ,${code},${formatOffset(commandZoneMinutes(text(command, 'timezone')) / 60)}`;
  },
};

/** This protocol's required text attribute. */
function text(command: DeviceCommand, key: string): string {
  return textAttribute(command, key, 'watch');
}

function whole(command: DeviceCommand, key: string): number {
  const value = Number(command.attributes[key]);
  if (!Number.isInteger(value) || value < 0) throw new ProtocolError(`watch: ${command.type} needs a whole \`${key}\``);
  return value;
}

/** Traccar's `enable`: 1 turns the alarm on, 0 off. */
function flag(command: DeviceCommand): string {
  const enable = command.attributes.enable;
  if (enable === true || enable === 'true') return '1';
  if (enable === false || enable === 'false') return '0';
  throw new ProtocolError(`watch: ${command.type} needs \`enable\` true or false`);
}

/** `+1`, `-11.5`, `+5.75`: signed, at most two decimals, no trailing zeros. */
export function formatOffset(hours: number): string {
  return `${hours < 0 ? '-' : '+'}${String(Math.round(Math.abs(hours) * 100) / 100)}`;
}
