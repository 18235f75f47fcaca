import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { commandText, type CommandTexts } from '../kit/commands.ts';
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
  const text = booleanSetting(state, 'tk103.alternative') ? `[begin]sms2,${commandText(SMS, command, 'tk103', state)},[end]` : framed(command, state);
  return Buffer.from(text, 'latin1');
}

function framed(command: DeviceCommand, state: ConnectionState): string {
  const uniqueId = state.device?.uniqueId;
  if (!uniqueId) throw new ProtocolError('tk103: the device has not identified itself on this connection');
  return `(${uniqueId}${commandText(FRAMED, command, 'tk103')})`;
}

/** What follows the serial in a framed command. */
const FRAMED: CommandTexts = {
  custom: (command) => text(command, 'data'),
  getVersion: 'AP07',
  rebootDevice: 'AT00',
  setOdometer: 'AX01',
  positionSingle: 'AP00',
  // The interval in seconds, 4 hex digits, then the duration (0: until told otherwise).
  positionPeriodic: (command) => `AR00${frequency(command).toString(16).toUpperCase().padStart(4, '0')}0000`,
  positionStop: 'AR0000000000',
  engineStop: 'AV010',
  engineResume: 'AV011',
  outputControl: (command) => `AV00${text(command, 'data')}`,
};

/** The SMS texts of the alternative command set; `sosNumber` needs the connection for the device's password. */
const SMS: CommandTexts<ConnectionState> = {
  custom: (command) => text(command, 'data'),
  getVersion: '*about*',
  powerOff: '*turnoff*',
  rebootDevice: '88888888',
  positionSingle: '*getposl*',
  positionPeriodic: '*routetrack*99*',
  positionStop: '*routetrackoff*',
  getDeviceStatus: '*status*',
  deviceIdentification: '999999',
  modeDeepSleep: (command) => (enabled(command) ? '*sleep*2*' : '*sleepoff*'),
  modePowerSaving: (command) => (enabled(command) ? '*sleepv*' : '*sleepoff*'),
  alarmSos: (command) => (enabled(command) ? '*soson*' : '*sosoff*'),
  setConnection: (command) => `*setip*${text(command, 'server').replaceAll('.', '*')}*${text(command, 'port')}*`,
  sosNumber: (command, state) => `*master*${password(command, state)}*${text(command, 'phone')}*`,
};

function enabled(command: DeviceCommand): boolean {
  return command.attributes.enable === true || command.attributes.enable === 'true';
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
