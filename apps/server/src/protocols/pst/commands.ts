import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { customHexBytes, unsupportedCommand } from '../kit/commands.ts';
import { MSG_COMMAND } from './decoder.ts';
import { withCrc } from './frame.ts';

/** Traccar's encoder has the two output commands; `custom` (hex bytes) it offers every binary protocol. */
export const PST_COMMAND_TYPES = ['engineStop', 'engineResume', 'custom'];

/** Output commands: 2 blocks the vehicle, 1 releases it. */
const COMMAND_CODES = new Map([
  ['engineStop', 0x0002],
  ['engineResume', 0x0001],
]);
const COMMAND_VERSION = 0x06;
/** Unused parameters are all ones. */
const NO_DATA = 0xffff;

/**
 * A bare message: `custom` sends its hex `data` as those bytes; the output commands are
 * `<device id u32> 06 <index 1> 06 <command u16> <data1 u16> <data2 u16> <CRC>`, the id being the
 * device's numeric identifier kept to its low 32 bits, as the device counts it.
 */
export function encodePstCommand(command: DeviceCommand, state: ConnectionState): Buffer {
  if (command.type === 'custom') return customHexBytes(command, 'pst');
  const code = COMMAND_CODES.get(command.type);
  if (code === undefined) throw unsupportedCommand(command, 'pst');
  const body = Buffer.alloc(16);
  body.writeUInt32BE(deviceId(state), 0);
  body.writeUInt8(COMMAND_VERSION, 4);
  body.writeUInt32BE(1, 5);
  body.writeUInt8(MSG_COMMAND, 9);
  body.writeUInt16BE(code, 10);
  body.writeUInt16BE(NO_DATA, 12);
  body.writeUInt16BE(NO_DATA, 14);
  return withCrc(body);
}

function deviceId(state: ConnectionState): number {
  const uniqueId = state.device?.uniqueId;
  if (uniqueId === undefined) throw new ProtocolError('pst: the device is not identified');
  if (!/^\d{1,19}$/.test(uniqueId)) throw new ProtocolError('pst: the device identifier must be numeric');
  return Number(BigInt(uniqueId) & 0xffffffffn);
}
