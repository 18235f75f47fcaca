import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { booleanSetting, textSetting } from '../kit/settings.ts';

/** Traccar's TK103 data commands; which of them a device takes depends on its command set (below). */
export const TK103_COMMAND_TYPES = [
  'custom',
  'getDeviceStatus',
  'deviceIdentification',
  'modeDeepSleep',
  'modePowerSaving',
  'alarmSos',
  'setConnection',
  'sosNumber',
  'positionSingle',
  'positionPeriodic',
  'positionStop',
  'getVersion',
  'powerOff',
  'rebootDevice',
  'setOdometer',
  'engineStop',
  'engineResume',
  'outputControl',
];

/** The SMS password `sosNumber` sends when neither the device nor the server sets one. */
const DEFAULT_PASSWORD = '123456';

/**
 * Commands in the device's own framing, `(<serial><code>)`, or, for devices set to
 * `tk103.alternative`, as an SMS text wrapped in `[begin]sms2,<text>,[end]`. Each set has
 * commands the other lacks: those are refused.
 */
export function encodeTk103Command(command: DeviceCommand, state: ConnectionState): Buffer {
  const text = booleanSetting(state, 'tk103.alternative') ? `[begin]sms2,${smsText(command, state)},[end]` : framed(command, state);
  return Buffer.from(text, 'latin1');
}

function framed(command: DeviceCommand, state: ConnectionState): string {
  const uniqueId = state.device?.uniqueId;
  if (!uniqueId) throw new ProtocolError('tk103: the device has not identified itself on this connection');
  return `(${uniqueId}${frameBody(command)})`;
}

function frameBody(command: DeviceCommand): string {
  switch (command.type) {
    case 'custom':
      return text(command, 'data');
    case 'getVersion':
      return 'AP07';
    case 'rebootDevice':
      return 'AT00';
    case 'setOdometer':
      return 'AX01';
    case 'positionSingle':
      return 'AP00';
    case 'positionPeriodic':
      // The interval in seconds, 4 hex digits, then the duration (0: until told otherwise).
      return `AR00${frequency(command).toString(16).toUpperCase().padStart(4, '0')}0000`;
    case 'positionStop':
      return 'AR0000000000';
    case 'engineStop':
      return 'AV010';
    case 'engineResume':
      return 'AV011';
    case 'outputControl':
      return `AV00${text(command, 'data')}`;
    default:
      throw unsupported(command);
  }
}

function smsText(command: DeviceCommand, state: ConnectionState): string {
  const enabled = command.attributes.enable === true || command.attributes.enable === 'true';
  switch (command.type) {
    case 'custom':
      return text(command, 'data');
    case 'getVersion':
      return '*about*';
    case 'powerOff':
      return '*turnoff*';
    case 'rebootDevice':
      return '88888888';
    case 'positionSingle':
      return '*getposl*';
    case 'positionPeriodic':
      return '*routetrack*99*';
    case 'positionStop':
      return '*routetrackoff*';
    case 'getDeviceStatus':
      return '*status*';
    case 'deviceIdentification':
      return '999999';
    case 'modeDeepSleep':
      return enabled ? '*sleep*2*' : '*sleepoff*';
    case 'modePowerSaving':
      return enabled ? '*sleepv*' : '*sleepoff*';
    case 'alarmSos':
      return enabled ? '*soson*' : '*sosoff*';
    case 'setConnection':
      return `*setip*${text(command, 'server').replaceAll('.', '*')}*${text(command, 'port')}*`;
    case 'sosNumber':
      return `*master*${password(command, state)}*${text(command, 'phone')}*`;
    default:
      throw unsupported(command);
  }
}

/** The command's own password, else the device's (`devicePassword`, `tk103.devicePassword`), else the factory one. */
function password(command: DeviceCommand, state: ConnectionState): string {
  const own = command.attributes.devicePassword;
  if (typeof own === 'string' && own !== '') return own;
  return textSetting(state, 'devicePassword') ?? textSetting(state, 'tk103.devicePassword') ?? DEFAULT_PASSWORD;
}

function text(command: DeviceCommand, key: string): string {
  const value = command.attributes[key];
  if ((typeof value !== 'string' && typeof value !== 'number') || value === '') throw new ProtocolError(`tk103: ${command.type} needs \`${key}\``);
  return String(value);
}

function frequency(command: DeviceCommand): number {
  const value = Number(text(command, 'frequency'));
  if (!Number.isInteger(value) || value < 0 || value > 0xffff) throw new ProtocolError('tk103: positionPeriodic needs a `frequency` of 0 to 65535 seconds');
  return value;
}

function unsupported(command: DeviceCommand): ProtocolError {
  return new ProtocolError(`tk103: unsupported command type ${command.type}`);
}
