import { describe, expect, it } from 'vitest';
import { ProtocolError, type ConnectionState } from '../codec.ts';
import { binary, fix, gsmNetwork, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { eelinkCodec, eelinkUdpCodec } from './codec.ts';

const RECEIVED = new Date('2024-01-01T00:00:00.000Z');
/** 2024-01-01T00:00:00Z in seconds, as the login acknowledgement carries it. */
const RECEIVED_SECONDS = '65920080';

const tcp = () => protocolTest(eelinkCodec, { receivedAt: RECEIVED });
const udp = () => protocolTest(eelinkUdpCodec, { anonymous: true, receivedAt: RECEIVED });

// Frames by their line in Traccar's EelinkProtocolDecoderTest (vectors/traccar/eelink.json).
const eelink = traccarFrames('eelink');
/** A login of IMEI 352544071750518, index 0x7b. */
const LOGIN = eelink(57);
/** A UDP envelope of IMEI 352544071677471 holding a normal (0x12) message, index 33. */
const UDP_NORMAL = eelink(54);

describe('Eelink login', () => {
  it('identifies the device by its IMEI and acknowledges with the time and protocol version', () => {
    const { result } = identify(eelinkCodec, LOGIN, '352544071750518', { receivedAt: RECEIVED });
    expect(result.positions).toEqual([]);
    expect(result.reply?.toString('hex')).toBe(`6767010009007b${RECEIVED_SECONDS}000100`);
  });

  it('over UDP, takes the IMEI from the envelope and answers in one', () => {
    const device = udp();
    const [result] = device.decode(eelink(24));
    expect(result.uniqueId).toBe('352544071677471');
    const reply = result.reply!;
    expect(reply.toString('hex')).toMatch(new RegExp(`^454c0018[0-9a-f]{4}0352544071677471` + `6767010009 0002 ${RECEIVED_SECONDS}000100$`.replaceAll(' ', '')));
    expect(eelinkUdpCodec.checksumValid!(reply)).toBe(true);
  });
});

describe('Eelink messages', () => {
  it('decodes a normal (0x12) message: fix, cell, status, battery, analog inputs, odometer, temperature', () => {
    const device = tcp();
    const { reply } = device.answered(eelink(41), {
      ...fix('2019-01-10T12:20:12.000Z', true, 0x04e4e1b4 / 1_800_000, -(0x100000000 - 0xf8194fa8) / 1_800_000),
      altitude: 22,
      speed: 19 * 0.539957,
      course: 148,
      network: gsmNetwork({ mobileCountryCode: 302, mobileNetworkCode: 880, locationAreaCode: 11655, cellId: 105200750, signalStrength: 91 }),
      attributes: { sat: 8, index: 14, ignition: true, motion: true, blocked: true, status: 0x066f, battery: 4.447, adc0: 1393, odometer: 1771135, steps: 787, temp2: 28.75 },
    });
    expect(reply?.toString('hex')).toBe('6767120002000e');
  });

  it('decodes Wi-Fi access points', () => {
    const position = tcp().position(eelink(60));
    expect(position.network).toMatchObject({ wifiAccessPoints: [{ macAddress: 'f0:b4:29:dd:82:ca', signalStrength: 211 }] });
    expect(position.attributes.temp1).toBe(25.625);
  });

  it('decodes a warning (0x14) without a fix as an alarm on the last location', () => {
    tcp().position(eelink(20), {
      outdated: true,
      deviceTime: '2020-09-30T15:21:56.000Z',
      attributes: { alarm: 'removing', index: 3 },
    });
    tcp().position(eelink(96), { attributes: { alarm: 'sos' } });
  });

  it('decodes the first-generation GPS (unacknowledged), alarm and state messages', () => {
    const device = tcp();
    const { reply } = device.answered(eelink(69), {
      fixTime: '2017-09-05T09:51:03.000Z',
      valid: true,
      network: gsmNetwork({ mobileCountryCode: 655, mobileNetworkCode: 10, locationAreaCode: 20324, cellId: 11953 }),
      attributes: { index: 690 },
    });
    expect(reply).toBeUndefined();
    device.position(eelink(102), { fixTime: '2016-01-20T20:49:33.000Z', attributes: { alarm: 'geofenceEnter' } });
    device.position(eelink(72), {
      valid: false,
      attributes: { event: 1, ignition: true, armed: false, blocked: false, status: 0x6e },
    });
  });

  it('decodes a heartbeat as a status on the last location and acknowledges it', () => {
    const device = tcp();
    const { reply } = device.answered(eelink(75), { outdated: true, attributes: { ignition: true, status: 0x6e } });
    expect(reply?.toString('hex')).toBe('67670300020021');
  });

  it('decodes OBD parameters, and the short OBD status', () => {
    const device = tcp();
    device.position(eelink(34), {
      outdated: true,
      deviceTime: '2019-03-14T07:08:24.000Z',
      attributes: { fuelConsumption: 73, odometer: 44791000, fuel: 0 },
    });
    device.position(eelink(30), { outdated: true, attributes: { ignition: true } });
  });

  it('decodes the answer to WHERE# as a fix, and other answers as a command result', () => {
    const device = tcp();
    device.position(eelink(48), {
      ...fix('2017-12-02T11:29:43.000Z', true, 31.83955, -82.61346),
    });
    const answer = Buffer.from('RELAY:OK', 'latin1');
    const frame = Buffer.concat([binary(`676780${(answer.length + 7).toString(16).padStart(4, '0')}0007 01 00000000`.replaceAll(' ', '')), answer]);
    const { reply } = device.answered(frame, { outdated: true, attributes: { result: 'RELAY:OK', index: 7 } });
    expect(reply?.toString('hex')).toBe('67678000020007');
  });

  it('decodes every package of a UDP envelope and acknowledges them together', () => {
    const device = udp();
    const [result] = device.decode(UDP_NORMAL);
    expect(result.uniqueId).toBe('352544071677471');
    expect(result.positions).toHaveLength(1);
    expect(result.positions![0].attributes).toMatchObject({ index: 33, sat: 5, charge: true });
    expect(result.reply?.toString('hex')).toMatch(/^454c0011[0-9a-f]{4}035254407167747167671200020021$/);
  });
});

describe('Eelink framing', () => {
  it('splits TCP packages by their length, waiting for the rest of a split one', () => {
    const stream = Buffer.concat([eelink(75), LOGIN]); // a heartbeat of 9 bytes, then a login
    expect(eelinkCodec.frameLength(stream)).toBe(9);
    expect(eelinkCodec.frameLength(stream.subarray(0, 4))).toBe(0);
    expect(eelinkCodec.frameLength(stream.subarray(0, 8))).toBe(0);
    expect(tcp().decode(stream)).toHaveLength(2);
  });

  it('skips junk to the next package', () => {
    const stream = Buffer.concat([text('\r\nAT'), LOGIN]);
    expect(() => eelinkCodec.frameLength(stream)).toThrow(ProtocolError);
    expect(eelinkCodec.frameStart!(stream, 1)).toBe(4);
  });

  it('takes a UDP envelope by its length and checks its checksum', () => {
    const datagram = UDP_NORMAL;
    expect(eelinkUdpCodec.frameLength(datagram)).toBe(datagram.length);
    expect(eelinkUdpCodec.checksumValid!(datagram)).toBe(true);
    const corrupt = Buffer.from(datagram);
    corrupt[30] ^= 0xff;
    expect(eelinkUdpCodec.checksumValid!(corrupt)).toBe(false);
    expect(() => eelinkUdpCodec.frameLength(datagram.subarray(0, 40))).toThrow(ProtocolError);
    expect(eelinkUdpCodec.frameLength(LOGIN)).toBe(17);
  });

  it('refuses a package without its header inside an envelope', () => {
    const envelope = binary('454c000e0000035254407167747100000000');
    expect(() => eelinkUdpCodec.decode(envelope, { device: null, data: {} }, RECEIVED)).toThrow(ProtocolError);
  });
});

describe('Eelink commands', () => {
  const state: ConnectionState = { device: { id: 1, uniqueId: '123456789012345' }, data: {} };
  const hex = (codec: typeof eelinkCodec, type: string, attributes: Record<string, unknown> = {}) => codec.encodeCommand({ type, attributes }, state).toString('hex');
  const downlink = (instruction: string) => {
    const content = Buffer.from(instruction, 'utf8');
    return `676780${(content.length + 7).toString(16).padStart(4, '0')}00000100000000${content.toString('hex')}`;
  };

  it('lists Traccar’s Eelink commands', () => {
    expect(eelinkCodec.commandTypes).toEqual(['custom', 'positionSingle', 'engineStop', 'engineResume', 'rebootDevice']);
  });

  it('sends engine stop as RELAY,1# in a downlink package (Traccar’s encoder tests)', () => {
    expect(hex(eelinkCodec, 'engineStop')).toBe('676780000f0000010000000052454c41592c3123');
    expect(hex(eelinkUdpCodec, 'engineStop')).toBe('454c001eb41a0123456789012345676780000f0000010000000052454c41592c3123');
  });

  it.each([
    ['engineResume', {}, 'RELAY,0#'],
    ['positionSingle', {}, 'WHERE#'],
    ['rebootDevice', {}, 'RESET#'],
    ['custom', { data: 'SERVER,1,example.com,5064#' }, 'SERVER,1,example.com,5064#'],
  ])('%s sends %j as %s', (type, attributes, instruction) => {
    expect(hex(eelinkCodec, type, attributes)).toBe(downlink(instruction));
  });

  it.each([
    ['an unsupported type', eelinkCodec, 'setTimezone', state],
    ['custom without data', eelinkCodec, 'custom', state],
    ['UDP before the device is known', eelinkUdpCodec, 'engineStop', { device: null, data: {} }],
    ['UDP to an id that is not an IMEI', eelinkUdpCodec, 'engineStop', { device: { id: 1, uniqueId: 'tracker-1' }, data: {} }],
  ])('refuses %s', (_name, codec, type, on) => {
    expect(() => codec.encodeCommand({ type, attributes: {} }, on)).toThrow(ProtocolError);
  });
});
