import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { customText, unsupportedCommand } from '../kit/commands.ts';
import { booleanSetting, modelOf } from '../kit/settings.ts';
import { rememberedTerminal } from './connection.ts';
import { DELIMITER } from './frame.ts';
import { encodeId, formatMessage, type Terminal } from './message.ts';
import { bcdTime, timeZoneOf } from './time.ts';

export const JT808_COMMAND_TYPES = ['custom', 'rebootDevice', 'positionPeriodic', 'alarmArm', 'alarmDisarm', 'engineStop', 'engineResume'];

const TERMINAL_CONTROL = 0x8105;
const SET_PARAMETERS = 0x8103;
const TEXT_MESSAGE = 0x8300;
const TRANSPARENT_DOWNLINK = 0x8900;
/** The vendor parameter message Traccar uses for reboot, report interval and arming (1-byte parameter ids). */
const PARAMETER_SETTING = 0x0310;
/** Oil (fuel line) control of the devices that need `jt808.alternative`. */
const OIL_CONTROL = 0xa006;

/** Models whose custom text goes out as an AT command parameter (0xF030). */
const AT_COMMAND_MODELS = new Set(['AL300', 'GL100', 'VL300']);
/** Models whose custom text goes out as a text message. */
const TEXT_MESSAGE_MODELS = new Set(['BSJ', 'C5', 'C5L']);

/**
 * Encodes a command in the framing, edition and terminal id of the device's own messages (known
 * from the connection), or for a device not heard on it yet, the standard framing with the id
 * derived from its identifier.
 */
export function encodeJt808Command(command: DeviceCommand, state: ConnectionState): Buffer {
  const model = modelOf(state);
  if (command.type === 'custom' && !isCustomMessage(model)) return rawBytes(customText(command, 'jt808'));
  const terminal = terminalOf(state);
  switch (command.type) {
    case 'custom':
      return formatMessage(terminal, ...customMessage(model, asciiOf(customText(command, 'jt808'))));
    case 'rebootDevice':
      return formatMessage(terminal, PARAMETER_SETTING, Buffer.from([1, 0x23, 1, 0x03]));
    case 'positionPeriodic': {
      const body = Buffer.from([1, 0x06, 4, 0, 0, 0, 0]);
      body.writeUInt32BE(frequencyOf(command), 3);
      return formatMessage(terminal, PARAMETER_SETTING, body);
    }
    case 'alarmArm':
    case 'alarmDisarm':
      return formatMessage(terminal, PARAMETER_SETTING, Buffer.concat([Buffer.from([1, 0x24, 5, command.type === 'alarmArm' ? 1 : 0]), Buffer.from('user')]));
    case 'engineStop':
    case 'engineResume': {
      const stop = command.type === 'engineStop';
      if (booleanSetting(state, 'jt808.alternative')) {
        return formatMessage(terminal, OIL_CONTROL, Buffer.concat([Buffer.from([stop ? 1 : 0]), bcdTime(new Date(), timeZoneOf(state))]));
      }
      return formatMessage(terminal, TERMINAL_CONTROL, engineControl(model, stop));
    }
    default:
      throw unsupportedCommand(command, 'jt808');
  }
}

function terminalOf(state: ConnectionState): Terminal {
  const remembered = rememberedTerminal(state);
  if (remembered) return remembered;
  const uniqueId = state.device?.uniqueId;
  if (!uniqueId) throw new ProtocolError('jt808: the device has not identified itself yet');
  return { delimiter: DELIMITER, version: null, id: encodeId(uniqueId, 6) };
}

function isCustomMessage(model: string): boolean {
  return AT_COMMAND_MODELS.has(model) || TEXT_MESSAGE_MODELS.has(model) || model.startsWith('JC');
}

/** Per model: an AT command parameter, a text message (flag 1), or Jimi's online command (0xF0) as transparent data. */
function customMessage(model: string, text: Buffer): [type: number, body: Buffer] {
  if (AT_COMMAND_MODELS.has(model)) {
    if (text.length > 0xff) throw new ProtocolError('jt808: AT command longer than 255 characters');
    const head = Buffer.from([1, 0, 0, 0xf0, 0x30, text.length]);
    return [SET_PARAMETERS, Buffer.concat([head, text])];
  }
  if (TEXT_MESSAGE_MODELS.has(model)) return [TEXT_MESSAGE, Buffer.concat([Buffer.from([1]), text])];
  return [TRANSPARENT_DOWNLINK, Buffer.concat([Buffer.from([0xf0]), text])];
}

/** Relay codes: VL300 takes a text, W15L its own bytes, the rest the standard's 0xF0 (cut) / 0xF1 (restore). */
function engineControl(model: string, stop: boolean): Buffer {
  if (model === 'VL300') return Buffer.from(stop ? '#0;1' : '#0;0', 'latin1');
  if (model === 'W15L') return Buffer.from([stop ? 0x64 : 0x65]);
  return Buffer.from([stop ? 0xf0 : 0xf1]);
}

function asciiOf(text: string): Buffer {
  if (!/^[\x20-\x7e\r\n]*$/.test(text)) throw new ProtocolError('jt808: command text must be printable ASCII');
  return Buffer.from(text, 'latin1');
}

/** Other models take a whole message written in hex, sent as is (framing included). */
function rawBytes(text: string): Buffer {
  const digits = text.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})+$/.test(digits)) throw new ProtocolError('jt808: custom data must be hex bytes for this model');
  return Buffer.from(digits, 'hex');
}

function frequencyOf(command: DeviceCommand): number {
  const frequency = Number(command.attributes.frequency);
  if (!Number.isInteger(frequency) || frequency < 0 || frequency > 0xffffffff) throw new ProtocolError('jt808: positionPeriodic needs a whole `frequency` in seconds');
  return frequency;
}
