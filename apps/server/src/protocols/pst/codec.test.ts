import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { pstCodec, pstUdpCodec } from './codec.ts';

// Messages by their line in Traccar's PstProtocolDecoderTest (vectors/traccar/pst.json), bare (as over
// UDP), in hex for the tests to frame and edit.
const frames = traccarFrames('pst');
const pst = (line: number) => frames(line).toString('hex');
/** Status with battery and GPS fields; its 0x28 byte is escaped over TCP. */
const STATUS = pst(13);
const STATUS_FRAME = '28' + STATUS.replace('51380628', '5138062768') + '29';
/** Status without fields: no fix. */
const STATUS_EMPTY = pst(25);

describe('PST over TCP', () => {
  it('identifies the device by its id and decodes a status report’s GPS and battery fields', () => {
    const { device } = identify(pstCodec, binary(STATUS_FRAME), '800036830');
    device.position(binary(STATUS_FRAME), {
      ...fix('2020-04-28T00:51:03.000Z', true, -20.133453, -44.868122),
      deviceTime: '2020-04-28T00:50:59.000Z',
      speed: 1,
      course: 356,
      altitude: 723,
      attributes: { status: 8, blocked: false, ignition: false, batteryLevel: 65 },
    });
  });

  it('reads the ignition from the status byte', () => {
    // Status with the ignition on and no battery field.
    protocolTest(pstCodec).position(binary('28', pst(19), '29'), {
      fixTime: '2020-01-09T11:40:07.000Z',
      latitude: -23.541682,
      longitude: -46.732838,
      course: 16,
      attributes: { status: 0xc0, ignition: true, blocked: false, batteryLevel: undefined },
    });
  });

  it('acknowledges every message with its id, version, index and type, framed', () => {
    const device = protocolTest(pstCodec);
    expect(device.reply(binary(STATUS_FRAME))?.toString('hex')).toBe('282faf97de06000024db0005c68829');
    expect(device.none(binary('28', STATUS_EMPTY, '29'))?.toString('hex')).toBe('282faf9b4c060000001200' + '0579d229');
    const other = pst(28); // a message of type 2, not decoded
    expect(device.none(binary('28', other, '29'))?.toString('hex')).toBe('282faf9b5605e40000e000027dd429');
  });

  it('splits concatenated and partial frames, and skips junk and repeated openings', () => {
    const stream = binary(STATUS_FRAME, '28', STATUS_EMPTY, '29');
    expect(pstCodec.frameLength(stream)).toBe(STATUS_FRAME.length / 2);
    expect(pstCodec.frameLength(stream.subarray(0, 40))).toBe(0);
    expect(protocolTest(pstCodec).decode(stream)).toHaveLength(2);
    const junk = binary('ffee', STATUS_FRAME);
    expect(() => pstCodec.frameLength(junk)).toThrow(ProtocolError);
    expect(pstCodec.frameStart?.(junk, 0)).toBe(2);
    protocolTest(pstCodec).position(binary('2828', STATUS_FRAME.slice(2)), { latitude: -20.133453 });
    expect(() => pstCodec.frameLength(Buffer.concat([binary('28'), Buffer.alloc(3000)]))).toThrow(ProtocolError);
  });

  it('checks the CRC-16/XMODEM, escapes resolved', () => {
    expect(pstCodec.checksumValid?.(binary(STATUS_FRAME))).toBe(true);
    expect(pstCodec.checksumValid?.(binary(STATUS_FRAME.replace('368729', '368829')))).toBe(false);
    expect(pstCodec.checksumValid?.(binary('282f2729'))).toBe(false);
  });

  it('rejects truncated messages', () => {
    const state = protocolTest(pstCodec).state;
    expect(() => pstCodec.decode(binary('28', STATUS.slice(0, 60), '29'), state, new Date())).toThrow(ProtocolError);
    expect(() => pstCodec.decode(binary('282faf29'), state, new Date())).toThrow(ProtocolError);
    expect(() => pstCodec.decode(binary('282f2729'), state, new Date())).toThrow(ProtocolError);
  });
});

describe('PST over UDP', () => {
  it('decodes a datagram as one bare message and answers bare', () => {
    const { reply } = protocolTest(pstUdpCodec).answered(binary(STATUS), { fixTime: '2020-04-28T00:51:03.000Z', latitude: -20.133453, longitude: -44.868122 });
    expect(reply?.toString('hex')).toBe('2faf97de06000024db0005c688');
    expect(pstUdpCodec.checksumValid?.(binary(STATUS))).toBe(true);
  });
});

describe('PST commands', () => {
  const state = protocolTest(pstCodec).state; // device 123456789012345
  const encode = (codec: typeof pstCodec, type: string, attributes: Record<string, unknown> = {}) => codec.encodeCommand({ type, attributes }, state).toString('hex');

  it('blocks and releases the vehicle with Traccar’s bytes, framed over TCP', () => {
    expect(pstCodec.commandTypes).toEqual(['engineStop', 'engineResume', 'custom']);
    expect(encode(pstUdpCodec, 'engineStop')).toBe('860ddf790600000001060002ffffffffe42b');
    expect(encode(pstUdpCodec, 'engineResume')).toBe('860ddf790600000001060001ffffffff0af9');
    expect(encode(pstCodec, 'engineStop')).toBe('28860ddf790600000001060002ffffffffe42b29');
  });

  it('sends custom hex data as those bytes, escaped over TCP', () => {
    expect(encode(pstUdpCodec, 'custom', { data: '2f28' })).toBe('2f28');
    expect(encode(pstCodec, 'custom', { data: '2f28' })).toBe('282f276829');
    expect(() => encode(pstCodec, 'custom', { data: 'stop' })).toThrow(ProtocolError);
  });

  it('refuses other types and devices without a numeric id', () => {
    expect(() => encode(pstCodec, 'rebootDevice')).toThrow(ProtocolError);
    expect(() => pstCodec.encodeCommand({ type: 'engineStop', attributes: {} }, { device: { id: 1, uniqueId: 'abc' }, data: {} })).toThrow(ProtocolError);
  });
});
