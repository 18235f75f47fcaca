import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { commandText, textAttribute, type CommandTexts } from '../kit/commands.ts';
import { booleanSetting } from '../kit/settings.ts';
import { serverMessage } from './frame.ts';
import { PHOTO_FILE } from './photo.ts';

export const MEITRACK_COMMAND_TYPES = ['custom', 'positionSingle', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'requestPhoto', 'sendSms'];

/** The data identifier of the server's commands; the device repeats it in its answer. */
const FLAG = 'A';


/**
 * `@@A<length>,<imei>,<command>*<checksum>\r\n`. C01 sets the five outputs (0 off, 1 on, 2 as
 * they are): engine stop and resume drive output 1, alarm arm and disarm output 3, or B21 when
 * the device uses it (`meitrack.alternative`). `requestPhoto` has camera `index` (1 when not
 * given) take a picture, which the device then announces with D03 and sends in D00 packets.
 * `custom` sends `data` as the command.
 */
export function encodeMeitrackCommand(command: DeviceCommand, state: ConnectionState): Buffer {
  const imei = state.device?.uniqueId;
  if (!imei) throw new ProtocolError('meitrack: the device has not identified itself on this connection');
  const content = commandText(booleanSetting(state, 'meitrack.alternative') ? ALTERNATIVE : STANDARD, command, 'meitrack');
  if (!/^[\x20-\x7e]+$/.test(content) || content.includes('*')) throw new ProtocolError('meitrack: command must be printable ASCII without *');
  return serverMessage(FLAG, imei, content);
}

/** Command contents; engine and alarm switch outputs 1 and 3 with C01. */
const STANDARD: CommandTexts = {
  custom: (command) => text(command, 'data'),
  positionSingle: 'A10',
  engineStop: 'C01,0,12222',
  engineResume: 'C01,0,02222',
  alarmArm: 'C01,0,22122',
  alarmDisarm: 'C01,0,22022',
  requestPhoto: (command) => `D03,${camera(command)},${PHOTO_FILE}`,
  sendSms: (command) => `C02,0,${text(command, 'phone')},${text(command, 'message')}`,
};

/** Devices set to `meitrack.alternative` arm and disarm their alarm with B21. */
const ALTERNATIVE: CommandTexts = { ...STANDARD, alarmArm: 'B21,1', alarmDisarm: 'B21,0' };

/** The camera: `index` when a positive number, else the first. */
function camera(command: DeviceCommand): number {
  const index = Number(command.attributes.index);
  return Number.isInteger(index) && index > 0 ? index : 1;
}

/** This protocol's required text attribute. */
function text(command: DeviceCommand, key: string): string {
  return textAttribute(command, key, 'meitrack');
}
