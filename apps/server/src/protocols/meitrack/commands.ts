import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { textAttribute } from '../kit/commands.ts';
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
  const content = contentOf(command, booleanSetting(state, 'meitrack.alternative') ?? false);
  if (!/^[\x20-\x7e]+$/.test(content) || content.includes('*')) throw new ProtocolError('meitrack: command must be printable ASCII without *');
  return serverMessage(FLAG, imei, content);
}

function contentOf(command: DeviceCommand, alternative: boolean): string {
  switch (command.type) {
    case 'custom':
      return text(command, 'data');
    case 'positionSingle':
      return 'A10';
    case 'engineStop':
      return 'C01,0,12222';
    case 'engineResume':
      return 'C01,0,02222';
    case 'alarmArm':
      return alternative ? 'B21,1' : 'C01,0,22122';
    case 'alarmDisarm':
      return alternative ? 'B21,0' : 'C01,0,22022';
    case 'requestPhoto':
      return `D03,${camera(command)},${PHOTO_FILE}`;
    case 'sendSms':
      return `C02,0,${text(command, 'phone')},${text(command, 'message')}`;
    default:
      throw new ProtocolError(`meitrack: unsupported command type ${command.type}`);
  }
}

/** The camera: `index` when a positive number, else the first. */
function camera(command: DeviceCommand): number {
  const index = Number(command.attributes.index);
  return Number.isInteger(index) && index > 0 ? index : 1;
}

/** This protocol's required text attribute. */
function text(command: DeviceCommand, key: string): string {
  return textAttribute(command, key, 'meitrack');
}
