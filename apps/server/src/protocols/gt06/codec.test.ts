import { describe, expect, it } from 'vitest';
import { gt06Codec } from './codec.ts';
import { gt06FrameStart } from './frame.ts';
import { classicCell, gpsBlock, gt06Frame, loginFrame } from './test-frames.ts';
import { protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

/** Frames of Traccar's Gt06ProtocolDecoderTest, with what Traccar decodes from them. */

// By their line in that test (vectors/traccar/gt06.json).
const gt06 = traccarFrames('gt06');

const RECEIVED = new Date('2026-11-25T15:26:52Z');

describe('GT06 codec: login and replies', () => {
  it('takes the IMEI from the login and acknowledges it with its serial', () => {
    const device = protocolTest(gt06Codec, { anonymous: true });
    expect(device.none(gt06(17))?.toString('hex')).toBe('78780501000955940d0a');
    expect(device.state.device?.uniqueId).toBe('864717003283581');
  });

  it('answers an address request with "no address" in a 79 79 packet', () => {
    const device = protocolTest(gt06Codec, { receivedAt: RECEIVED });
    const request = gt06(547);
    expect(device.none(request)?.toString('hex')).toBe('79790015970b000000004e4126264e4126263023230000e61e0d0a');
  });

  it('answers a time request with the current UTC time', () => {
    const device = protocolTest(gt06Codec, { receivedAt: RECEIVED });
    expect(device.none(gt06(550))?.toString('hex')).toBe('78780b8a1a0b190f1a340000a2090d0a');
  });

  it('acknowledges a location with its protocol number and serial, in a 78 78 packet even for 79 79 messages', () => {
    const device = protocolTest(gt06Codec);
    expect(device.reply(gt06(489))?.toString('hex')).toBe('787805120003903f0d0a');
    const status = gt06(20);
    expect(device.reply(status)?.toString('hex')).toBe('787805f10080c0690d0a');
  });

  it('sends no acknowledgement for echoed commands and unknown 79 79 messages', () => {
    const device = protocolTest(gt06Codec);
    expect(device.none(gt06Frame(0x81, '00'))).toBeUndefined();
    expect(device.none(gt06Frame(0xfd, '0102', { extended: true }))).toBeUndefined();
  });
});

describe('GT06 codec: framing', () => {
  const login = loginFrame('864717003283581');
  const heartbeat = gt06Frame(0x13, '4604040001', { serial: 9 });

  it('finds where the next frame starts after junk', () => {
    const stream = Buffer.concat([Buffer.from('0d0a4f4b7879', 'hex'), login]);
    expect(gt06FrameStart(stream, 0)).toBe(6);
    expect(gt06FrameStart(Buffer.concat([Buffer.from([0x00]), heartbeat.subarray(0, 2)]), 1)).toBe(1);
    expect(gt06FrameStart(Buffer.from('787978', 'hex'), 0)).toBe(-1);
  });

  it('splits concatenated frames, short and extended', () => {
    const extended = gt06Frame(0x94, '0b02e3', { extended: true });
    const device = protocolTest(gt06Codec);
    const results = device.decode(Buffer.concat([heartbeat, extended, heartbeat]));
    expect(results.map((result) => result.positions?.[0]?.attributes)).toEqual([
      expect.objectContaining({ type: 0x13 }),
      { power: 7.39 },
      expect.objectContaining({ type: 0x13 }),
    ]);
  });
});

describe('GT06 codec: the device time zone', () => {
  const wallClock = new Date(Date.UTC(2024, 4, 1, 10, 20, 30));
  const location = gt06Frame(0x12, Buffer.concat([gpsBlock({ time: wallClock, latitude: -23.5, longitude: -46.6 }), classicCell(724, 5, 1, 2)]), { serial: 7 });

  it('reads times as UTC by default, and in the decoder.timezone of clones that send local or China time', () => {
    const device = protocolTest(gt06Codec);
    device.position(location, { fixTime: '2024-05-01T10:20:30.000Z' });
    device.settings({ 'decoder.timezone': 'GMT+8' });
    device.position(location, { fixTime: '2024-05-01T02:20:30.000Z' });
    device.settings({ 'decoder.timezone': 'America/Sao_Paulo' });
    device.position(location, { fixTime: '2024-05-01T13:20:30.000Z' });
    // A value that names no zone is no setting.
    device.settings({ 'decoder.timezone': 'Mars/Olympus' });
    device.position(location, { fixTime: '2024-05-01T10:20:30.000Z' });
  });
});
