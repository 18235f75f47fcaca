import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { customText, unsupportedCommand } from '../kit/commands.ts';
import { encodePackage, imeiBytes, sealEnvelope } from './frame.ts';
import { MessageType } from './position.ts';

/** Traccar's Eelink data commands: all are text instructions sent in a downlink (0x80) package. */
export const EELINK_COMMAND_TYPES = ['custom', 'positionSingle', 'engineStop', 'engineResume', 'rebootDevice'];

const INSTRUCTIONS = new Map([
  ['positionSingle', 'WHERE#'],
  ['engineStop', 'RELAY,1#'],
  ['engineResume', 'RELAY,0#'],
  ['rebootDevice', 'RESET#'],
]);
/** The downlink's flag byte: an instruction for the device. */
const INSTRUCTION = 0x01;

function instructionOf(command: DeviceCommand): string {
  if (command.type === 'custom') {
    return customText(command, 'eelink');
  }
  const instruction = INSTRUCTIONS.get(command.type);
  if (!instruction) throw unsupportedCommand(command, 'eelink');
  return instruction;
}

/** A downlink package: flag, server id 0, the instruction text; index 0. */
function downlink(command: DeviceCommand): Buffer {
  const text = Buffer.from(instructionOf(command), 'utf8');
  const head = Buffer.alloc(5);
  head.writeUInt8(INSTRUCTION, 0);
  return encodePackage(MessageType.downlink, 0, Buffer.concat([head, text]));
}

export function encodeEelinkCommand(command: DeviceCommand): Buffer {
  return downlink(command);
}

/** Over UDP the package travels in an envelope naming the device's IMEI. */
export function encodeEelinkUdpCommand(command: DeviceCommand, state: ConnectionState): Buffer {
  const uniqueId = state.device?.uniqueId;
  if (!uniqueId) throw new ProtocolError('eelink: the device has not identified itself yet');
  return sealEnvelope(imeiBytes(uniqueId), downlink(command));
}
