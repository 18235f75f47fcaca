import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { textAttribute, unsupportedCommand } from '../kit/commands.ts';
import { booleanSetting, modelOf } from '../kit/settings.ts';
import { encodeFrame, idField } from './frame.ts';
import { commandZoneMinutes } from '../kit/time-zone.ts';

export const MEILIGAO_COMMAND_TYPES = [
  'positionSingle',
  'positionPeriodic',
  'outputControl',
  'engineStop',
  'engineResume',
  'alarmGeofence',
  'setTimezone',
  'rebootDevice',
];

const COMMAND = {
  trackOnDemand: 0x4101,
  trackByInterval: 0x4102,
  movementAlarm: 0x4106,
  /** Five outputs, or the single output of firmware with the `meiligao.alternative` setting. */
  outputControlFive: 0x4114,
  outputControlSingle: 0x4115,
  timeZone: 0x4132,
  rebootGps: 0x4902,
} as const;

/** Models with five outputs. */
const FIVE_OUTPUT_MODELS = new Set(['TK510', 'GT08', 'TK208', 'TK228', 'MT05']);
/** An output byte: 0 off, 1 on, 2 unchanged. */
const UNCHANGED = 2;
/** Engine stop and resume switch output 1, which drives the cut-off relay. */
const ENGINE_OUTPUT = 1;

export function encodeMeiligaoCommand(command: DeviceCommand, state: ConnectionState): Buffer {
  const uniqueId = state.device?.uniqueId;
  if (uniqueId === undefined) throw new ProtocolError('meiligao: the device is not identified');
  const id = idField(uniqueId);
  switch (command.type) {
    case 'positionSingle':
      return encodeFrame(id, COMMAND.trackOnDemand);
    case 'positionPeriodic':
      // The interval is sent in tens of seconds.
      return encodeFrame(id, COMMAND.trackByInterval, u16(Math.trunc(integer(command, 'frequency') / 10)));
    case 'alarmGeofence':
      return encodeFrame(id, COMMAND.movementAlarm, u16(integer(command, 'radius')));
    case 'setTimezone':
      return encodeFrame(id, COMMAND.timeZone, Buffer.from(String(commandZoneMinutes(text(command, 'timezone'))), 'latin1'));
    case 'rebootDevice':
      return encodeFrame(id, COMMAND.rebootGps);
    case 'engineStop':
      return encodeOutput(id, state, ENGINE_OUTPUT, 1);
    case 'engineResume':
      return encodeOutput(id, state, ENGINE_OUTPUT, 0);
    case 'outputControl':
      return encodeOutput(id, state, integer(command, 'index'), integer(command, 'data'));
    default:
      throw unsupportedCommand(command, 'meiligao');
  }
}

/** One byte per output, the one switched set to `value` and the others left unchanged. */
function encodeOutput(id: Buffer, state: ConnectionState, output: number, value: number): Buffer {
  const five = FIVE_OUTPUT_MODELS.has(modelOf(state));
  const count = five ? 5 : 1;
  if (output < 1 || output > count) throw new ProtocolError(`meiligao: the device has no output ${output}`);
  if (value !== 0 && value !== 1) throw new ProtocolError('meiligao: an output is switched to 0 or 1');
  const content = Buffer.alloc(count, UNCHANGED);
  content[output - 1] = value;
  const type = five || booleanSetting(state, 'meiligao.alternative') ? COMMAND.outputControlFive : COMMAND.outputControlSingle;
  return encodeFrame(id, type, content);
}

function integer(command: DeviceCommand, key: string): number {
  const value = command.attributes[key];
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number)) throw new ProtocolError(`meiligao: ${command.type} needs an integer \`${key}\``);
  return number;
}

/** This protocol's required text attribute. */
function text(command: DeviceCommand, key: string): string {
  return textAttribute(command, key, 'meiligao');
}

function u16(value: number): Buffer {
  if (value < 0 || value > 0xffff) throw new ProtocolError(`meiligao: ${value} does not fit the command`);
  const field = Buffer.alloc(2);
  field.writeUInt16BE(value);
  return field;
}
