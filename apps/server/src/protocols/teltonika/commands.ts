import type { DeviceCommand } from '../codec.ts';
import { crc16Ibm } from './crc.ts';
import { CODEC_12, COMMAND_TYPE } from './messages.ts';
import { customText, unsupportedCommand } from '../kit/commands.ts';

export const TELTONIKA_COMMAND_TYPES = ['custom', 'engineStop', 'engineResume'];

/** `custom` data made only of hex byte pairs is sent as those bytes, anything else as text. */
const HEX_BYTES = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * Commands travel as a codec 12 packet with one command message. Engine stop and resume switch
 * digital output 1, which the installer wires to the starter relay.
 */
export function encodeTeltonikaCommand(command: DeviceCommand): Buffer {
  switch (command.type) {
    case 'engineStop':
      return codec12Packet(Buffer.from('setdigout 1', 'latin1'));
    case 'engineResume':
      return codec12Packet(Buffer.from('setdigout 0', 'latin1'));
    case 'custom': {
      const data = customText(command, 'teltonika');
      return codec12Packet(HEX_BYTES.test(data) ? Buffer.from(data, 'hex') : Buffer.from(data, 'latin1'));
    }
    default:
      throw unsupportedCommand(command, 'teltonika');
  }
}

/** Zero preamble, data length, then codec 12 data with one command, and its CRC in four bytes. */
export function codec12Packet(content: Buffer): Buffer {
  const data = Buffer.concat([Buffer.from([CODEC_12, 1, COMMAND_TYPE]), uint32(content.length), content, Buffer.from([1])]);
  return Buffer.concat([uint32(0), uint32(data.length), data, uint32(crc16Ibm(data))]);
}

export function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}
