import { ProtocolError, type ConnectionState, type DeviceCommand } from '../codec.ts';
import { encodeFrame, ID_LENGTH } from './frame.ts';
import { unsupportedCommand } from '../kit/commands.ts';

export const CASTEL_COMMAND_TYPES = ['engineStop', 'engineResume'];

/** Petrol (fuel pump) control, sent as protocol version 1: 1 cuts the pump, 0 restores it. */
const PETROL_CONTROL = 0x4583;
const COMMAND_VERSION = 1;

export function encodeCastelCommand(command: DeviceCommand, state: ConnectionState): Buffer {
  const cut = command.type === 'engineStop' ? 1 : command.type === 'engineResume' ? 0 : null;
  if (cut === null) throw unsupportedCommand(command, 'castel');
  return encodeFrame(COMMAND_VERSION, deviceId(state), PETROL_CONTROL, Buffer.from([cut]));
}

/** The device's unique id as the 20-byte NUL-padded id field. */
function deviceId(state: ConnectionState): Buffer {
  const uniqueId = state.device?.uniqueId;
  if (uniqueId === undefined) throw new ProtocolError('castel: the device is not identified');
  if (uniqueId.length > ID_LENGTH || !/^[\x20-\x7e]*$/.test(uniqueId)) {
    throw new ProtocolError(`castel: the id field holds at most ${ID_LENGTH} ASCII characters`);
  }
  const id = Buffer.alloc(ID_LENGTH);
  id.write(uniqueId, 'latin1');
  return id;
}
