import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { identify, protocolTest, text } from '../testing/protocol-test.ts';
import { withoutAttributes, type EncodingRow } from '../testing/command-rows.ts';
import { traccarMessages } from '../testing/traccar-vectors.ts';
import { mobilogixCodec } from './codec.ts';

// Messages by their line in Traccar's MobilogixProtocolDecoderTest (vectors/traccar/mobilogix.json),
// with the `]` that ends them on the wire (Traccar's frame decoder strips it).
const traccar = traccarMessages('mobilogix');
const mobilogix = (line: number) => `${traccar(line)}]`;
const LOGIN = mobilogix(20);
const HEARTBEAT = mobilogix(14);
const VIBRATION = mobilogix(26);

describe('Mobilogix messages', () => {
  it('identifies the device by the serial of the login and acknowledges it', () => {
    const { result } = identify(mobilogixCodec, text(LOGIN), '201951132031');
    expect(result.positions).toBeUndefined();
    expect(result.reply?.toString()).toBe('[2020-12-01 14:00:22,S1,1]');
  });

  it('acknowledges every other type with S<n>, even messages without a report', () => {
    const device = protocolTest(mobilogixCodec);
    expect(device.none(text(mobilogix(23)))?.toString()).toBe('[2020-10-25 20:44:08,S8]');
    expect(device.reply(text(VIBRATION))?.toString()).toBe('[2020-10-25 20:45:09,S9]');
  });

  it('does not acknowledge T6', () => {
    expect(protocolTest(mobilogixCodec).reply(text('[2021-10-25 20:50:16,T6,1,V1.2.3,201951132044,RELAY=1]'))).toBeUndefined();
  });

  it('decodes a located report: fix digits, coordinates, speed in km/h, status bits, alarm', () => {
    protocolTest(mobilogixCodec).position(text(VIBRATION), {
      fixTime: '2020-10-25T20:45:09.000Z',
      valid: true,
      outdated: false,
      latitude: -25.23686,
      longitude: -45.70853,
      speed: 0,
      course: 314,
      attributes: { type: 'T9', alarm: 'vibration', status: 0x59, blocked: false, ignition: false, motion: true, battery: 10.5, sat: 7, rssi: -111 },
    });
    protocolTest(mobilogixCodec).position(text(mobilogix(32)), {
      valid: true,
      speed: 0.539957,
      attributes: { alarm: 'lowPower', charge: true, ignition: true, sat: 9, rssi: -57 },
    });
  });

  it('gives a heartbeat the last location, with its status and battery', () => {
    protocolTest(mobilogixCodec).position(text(HEARTBEAT), {
      outdated: true,
      deviceTime: '2021-08-20T19:27:14.000Z',
      attributes: { type: 'T14', status: 0x53, blocked: false, charge: true, ignition: false, battery: 12.18 },
    });
  });

  it('flags stored reports and reads the engine cut from status bit 0', () => {
    const position = protocolTest(mobilogixCodec).position(text('[2021-10-25 20:53:31,T31,0,V1.2.3,201951132044,D2,26.17,961,-23.458092,-46.392132,0,8]'));
    expect(position.attributes).toMatchObject({ archive: true, blocked: true });
  });

  it('ignores the fields newer firmwares append', () => {
    protocolTest(mobilogixCodec).position(text(mobilogix(63)), {
      valid: true,
      latitude: -23.494715,
      course: 240,
    });
  });

  it('rejects what is not a Mobilogix message', () => {
    expect(() => mobilogixCodec.decode(text('[hello]'), { device: null, data: {} }, new Date())).toThrow(ProtocolError);
  });
});

describe('Mobilogix framing', () => {
  it('splits concatenated messages, keeping the line break before one in its frame', () => {
    const device = protocolTest(mobilogixCodec);
    const results = device.decode(text(LOGIN, '\r\n', HEARTBEAT, VIBRATION));
    expect(results.map((result) => result.positions?.length ?? 0)).toEqual([0, 1, 1]);
  });

  it('waits for the closing bracket', () => {
    const stream = text(HEARTBEAT);
    for (let cut = 0; cut < stream.length; cut++) expect(mobilogixCodec.frameLength(stream.subarray(0, cut))).toBe(0);
    expect(mobilogixCodec.frameLength(stream)).toBe(stream.length);
  });

  it('rejects junk and finds the next message after it', () => {
    const stream = text('xx', HEARTBEAT);
    expect(() => mobilogixCodec.frameLength(stream)).toThrow(ProtocolError);
    expect(mobilogixCodec.frameStart?.(stream, 1)).toBe(2);
  });
});

describe('Mobilogix commands', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<EncodingRow>([
    ['custom', { data: 'S5,TIMER=60' }, 'S5,TIMER=60'],
    ...withoutAttributes({ engineStop: 'S6,RELAY=1', engineResume: 'S6,RELAY=0', positionSingle: 'S4,1,1', rebootDevice: 'S7' }),
  ])('encodes %s %j as [<time>,%s]', (type, attributes, message) => {
    vi.useFakeTimers({ now: new Date('2025-02-22T01:02:03.000Z') });
    const state = { device: { id: 1, uniqueId: '201951132044' }, data: {} };
    expect(mobilogixCodec.encodeCommand({ type, attributes }, state).toString()).toBe(`[2025-02-22 01:02:03,${message}]`);
  });

  it('refuses what it cannot encode', () => {
    const state = { device: null, data: {} };
    expect(() => mobilogixCodec.encodeCommand({ type: 'alarmArm', attributes: {} }, state)).toThrow(ProtocolError);
    expect(() => mobilogixCodec.encodeCommand({ type: 'custom', attributes: {} }, state)).toThrow(ProtocolError);
  });
});
