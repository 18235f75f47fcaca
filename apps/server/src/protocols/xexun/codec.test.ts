import { describe, expect, it } from 'vitest';
import { fixedSettings, ProtocolError, type ConnectionState } from '../codec.ts';
import { fix, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { xexunCodec } from './codec.ts';
import { traccarMessages } from '../testing/traccar-vectors.ts';

// Messages by their line in Traccar's XexunProtocolDecoderTest (vectors/traccar/xexun.json).
const xexun = traccarMessages('xexun');
/** A bare RMC core and the IMEI. */
const BASIC = xexun(25);
/** A whole line, with the line break that Traccar's test leaves out. */
const FULL_LINE = `${xexun(78)}\n\r`;

describe('Xexun messages', () => {
  it('identifies the device by the IMEI of every message', () => {
    const { result } = identify(xexunCodec, text(BASIC), '351525010943661');
    expect(result.reply).toBeUndefined();
  });

  it('decodes the RMC core: time, fix, coordinates, speed in knots, course, signal', () => {
    protocolTest(xexunCodec).position(text(BASIC), {
      ...fix('2011-09-01T15:01:20.000Z', true, -(33 + 46.4463 / 60), 150 + 57.3083 / 60),
      speed: 0,
      course: 117.4,
      attributes: { signal: 'F' },
    });
  });

  it('decodes a whole line with the serial, phone number, satellites, altitude and power', () => {
    protocolTest(xexunCodec).position(text(FULL_LINE), {
      fixTime: '2013-03-02T08:53:49.000Z',
      latitude: 45.05399,
      longitude: 38.9761,
      speed: 6.95,
      altitude: -1.5,
      attributes: { serial: '130302125349', number: '+79604870506', sat: 3, power: 4.15 },
    });
  });

  it('reads ignition and alarms from the event text', () => {
    const device = protocolTest(xexunCodec);
    const event = (name: string) => `170505103845,TELKOMSEL,GPRMC,103845.000,A,0340.2482,N,09841.9689,E,0.00,68.23,050517,,,A*5D,F,${name}, imei:013227002782161,05,-8.2,F:4.22V,1,141\n\r`;
    expect(device.position(text(event('ACC On'))).attributes.ignition).toBe(true);
    expect(device.position(text(event('ACCStop'))).attributes.ignition).toBe(false);
    expect(device.position(text(event('help me!'))).attributes.alarm).toBe('sos');
    expect(device.position(text(event('Low battery'))).attributes.alarm).toBe('lowBattery');
    expect(device.position(text(event('moved!'))).attributes.alarm).toBe('movement');
  });

  it('accepts a line break after the checksum, missing degrees and a missing hemisphere', () => {
    const device = protocolTest(xexunCodec);
    device.position(text(xexun(22)), { latitude: 54 + 17.2666 / 60 });
    device.position(text(xexun(19)), { longitude: 6.7907 / 60 });
    device.position(text(xexun(38)), { longitude: 20 + 38.2403 / 60 });
  });

  it('converts the speed when the server says its unit (xexun.speed)', () => {
    const device = protocolTest(xexunCodec);
    device.settings({ 'xexun.speed': 'kmh' });
    device.position(text(xexun(47)), { speed: 21.12 * 0.539957 });
  });

  it('decodes nothing from a line without an RMC sentence', () => {
    const result = xexunCodec.decode(text(xexun(75)), { device: null, data: {} }, new Date());
    expect(result.positions).toBeUndefined();
  });
});

describe('Xexun framing', () => {
  it('takes a whole line when its line break is there', () => {
    const stream = text(FULL_LINE, FULL_LINE);
    expect(xexunCodec.frameLength(stream)).toBe(FULL_LINE.length);
    expect(protocolTest(xexunCodec).decode(stream)).toHaveLength(2);
  });

  it('ends a message after its IMEI when no line break follows (Traccar’s frame decoder test)', () => {
    const message = '151012145928,+31652454927,GPRMC,205935.000,A,5140.4350,N,501.0686,E,0.00,0.00,121015,00,0000.0,A*70,F,,imei:359587014718392,';
    expect(xexunCodec.frameLength(text(message, '122I'))).toBe(message.length);
    const next = `${message}GPRMC`;
    expect(xexunCodec.frameLength(text(next))).toBe(message.length);
  });

  it('waits while the IMEI has not arrived', () => {
    for (const cut of [3, 40, FULL_LINE.indexOf('imei:') + 10]) expect(xexunCodec.frameLength(text(FULL_LINE.slice(0, cut)))).toBe(0);
  });

  it('drops a line without an RMC sentence and finds the next message', () => {
    const junk = ',+48606717068,,L,, imei:012207005047292,,,F:4.28V\n\r';
    const stream = text(junk, FULL_LINE);
    expect(() => xexunCodec.frameLength(stream)).toThrow(ProtocolError);
    expect(xexunCodec.frameStart!(stream, 1)).toBe(junk.length);
    expect(xexunCodec.frameStart!(text('no sentence here'), 0)).toBe(-1);
  });

  it('refuses a stream that never reaches an RMC sentence', () => {
    expect(() => xexunCodec.frameLength(Buffer.alloc(5000, 0x41))).toThrow(ProtocolError);
  });
});

describe('Xexun commands', () => {
  const state = (settings = {}): ConnectionState => ({ device: { id: 1, uniqueId: '351525010943661' }, data: {}, settings: fixedSettings(settings) });
  const encode = (type: string, attributes: Record<string, unknown> = {}, on = state()) => xexunCodec.encodeCommand({ type, attributes }, on).toString();

  it('lists Traccar’s commands and custom', () => {
    expect(xexunCodec.commandTypes).toEqual(['engineStop', 'engineResume', 'custom']);
  });

  it('cuts and restores the fuel with the device password', () => {
    expect(encode('engineStop')).toBe('powercar123456 11');
    expect(encode('engineResume')).toBe('powercar123456 00');
    expect(encode('engineStop', { devicePassword: '654321' })).toBe('powercar654321 11');
    expect(encode('engineResume', {}, state({ devicePassword: '111111' }))).toBe('powercar111111 00');
    expect(encode('engineStop', {}, state({ 'xexun.devicePassword': '222222' }))).toBe('powercar222222 11');
  });

  it('sends custom text as it is', () => {
    expect(encode('custom', { data: 'fix030s***n123456\\r\\n' })).toBe('fix030s***n123456\r\n');
  });

  it.each([
    ['an unsupported type', 'rebootDevice', {}],
    ['custom without data', 'custom', {}],
  ])('refuses %s', (_name, type, attributes) => {
    expect(() => encode(type, attributes)).toThrow(ProtocolError);
  });
});
