import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { fix, gsmNetwork, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { meitrackCodec, meitrackUdpCodec } from './codec.ts';
import { AAA, deviceFrame, IMEI } from './test-frames.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';

// Frames by their line in Traccar's MeitrackProtocolDecoderTest (vectors/traccar/meitrack.json).
const meitrack = traccarFrames('meitrack');
/** The frame on `line` with the CR LF that Traccar's test leaves out. */
const withCrLf = (line: number) => Buffer.concat([meitrack(line), text('\r\n')]);

/** The frame on `line` framed again, with the checksum Traccar's test gets wrong put right. */
function rechecked(line: number): Buffer {
  const parts = /^\$\$(.)\d+,(\d+),(.*)\*[0-9A-F]{2}(?:\r\n)?$/.exec(meitrack(line).toString('latin1'));
  if (!parts) throw new Error(`line ${line} holds no Meitrack frame`);
  return deviceFrame(parts[1], parts[2], parts[3]);
}

describe('Meitrack text reports', () => {
  it('identifies the device by the IMEI every message carries', () => {
    identify(meitrackCodec, AAA, IMEI);
  });

  it('decodes a report: fix, speed in km/h, cell, inputs and outputs, analog inputs, fuel', () => {
    protocolTest(meitrackCodec).position(AAA, {
      ...fix('2009-07-21T12:29:11.000Z', true, 22.513015, -114.057235),
      speed: 36 * 0.539957,
      course: 173,
      altitude: 12,
      network: gsmNetwork({ mobileCountryCode: 460, mobileNetworkCode: 1, locationAreaCode: 0x2695, cellId: 0x0f09, signalStrength: 22 }),
      attributes: { event: 35, sat: 7, hdop: 1.4, odometer: 1160, runtime: '1125', input: 4, output: 2, adc1: 1, adc3: 2, battery: 3.92, power: 11.39, fuel: 10.5 },
    });
  });

  it('scales the ADC readings of older models', () => {
    const device = protocolTest(meitrackCodec);
    device.settings({ model: 'mvt380' });
    device.position(AAA, { attributes: { battery: (0x188 * 6) / 1024, power: (0x473 * 48) / 1024 } });
    device.settings({ model: 'MT90' });
    device.position(AAA, { attributes: { battery: (0x188 * 6.6) / 4096, power: 0x473 } });
  });

  it('reads battery and power given in volts', () => {
    protocolTest(meitrackCodec).position(withCrLf(72), {
      fixTime: '2021-10-01T10:52:40.000Z',
      speed: 41 * 0.539957,
      network: null,
      attributes: { battery: 4.33, power: 12.96 },
    });
  });

  it('turns alarm events into alarms', () => {
    const sos = deviceFrame('A', IMEI, 'AAA,1,22.5,114.0,240101000000,A,7,22,0,0,1.0,0,0,0,0|0|0|0,0000,0|0|0|0188|0473,,,1,0000');
    protocolTest(meitrackCodec).position(sos, { network: null, attributes: { event: 1, alarm: 'sos' } });
    const powerCut = deviceFrame('A', IMEI, 'AAA,23,22.5,114.0,240101000000,V,0,22,0,0,1.0,0,0,0,0|0|0|0,0000,0|0|0|0188|0000,,,1,0000');
    protocolTest(meitrackCodec).position(powerCut, { valid: false, attributes: { alarm: 'powerCut', power: 0 } });
  });

  it('keeps the RFID card of event 37 as the driver, other event data as is', () => {
    protocolTest(meitrackCodec).position(withCrLf(128), { attributes: { driverUniqueId: '006380DF', fuel: 0.08 } });
    const other = deviceFrame('A', IMEI, 'AAA,39,22.5,114.0,240101000000,A,7,22,0,0,1.0,0,0,0,0|0|0|0,0000,0|0|0|0188|0473,12,,1,0000');
    protocolTest(meitrackCodec).position(other, { attributes: { eventData: '12' } });
  });

  it('decodes cached (AFF) reports, which number the event', () => {
    protocolTest(meitrackCodec).position(rechecked(170), { fixTime: '2014-09-28T19:28:56.000Z', latitude: 58.588926, attributes: { event: 35, battery: 25.94 } });
  });

  it('decodes temperature sensors, signed hundredths from protocol 3', () => {
    protocolTest(meitrackCodec).position(rechecked(100), { attributes: { temp6: -12.34, fuel: 0, eventData: '00000001' } });
  });

  it('decodes the taximeter data', () => {
    protocolTest(meitrackCodec).position(withCrLf(94), {
      attributes: { taximeterOn: false, taximeterStart: '171207091500', taximeterDistance: 78, taximeterFare: 3500, taximeterWait: '000003' },
    });
  });

  it('rejects a malformed report', () => {
    const bad = deviceFrame('A', IMEI, 'AAA,35,22.5,114.0,241301000000,A,7,22,0,0,1.0,0,0,0,0|0|0|0,0000,0|0|0|0188|0473,');
    expect(() => meitrackCodec.decode(bad, protocolTest(meitrackCodec).state, new Date())).toThrow(ProtocolError);
    const far = deviceFrame('A', IMEI, 'AAA,35,92.5,114.0,240101000000,A,7,22,0,0,1.0,0,0,0,0|0|0|0,0000,0|0|0|0188|0473,');
    expect(() => meitrackCodec.decode(far, protocolTest(meitrackCodec).state, new Date())).toThrow(/out of range/);
    const short = deviceFrame('A', IMEI, 'AAA,35,22.5,114.0');
    expect(() => meitrackCodec.decode(short, protocolTest(meitrackCodec).state, new Date())).toThrow(/malformed AAA/);
  });
});

describe('Meitrack replies and command answers', () => {
  it('answers AAC with AAC,1 under the same flag', () => {
    const reply = protocolTest(meitrackCodec).none(withCrLf(180));
    expect(reply?.toString()).toBe('@@z27,861451040910625,AAC,1*0B\r\n');
  });

  it('does not answer reports', () => {
    expect(protocolTest(meitrackCodec).reply(AAA)).toBeUndefined();
  });

  it('keeps the answer to a command as its result', () => {
    protocolTest(meitrackCodec).position(deviceFrame('u', '864606044993987', 'D82,0'), { outdated: true, attributes: { result: 'D82,0' } });
    protocolTest(meitrackCodec).position(deviceFrame('A', IMEI, 'C01,OK'), { outdated: true, attributes: { result: 'C01,OK' } });
  });

  it('decodes the report that answers positionSingle (A10)', () => {
    const a10 = deviceFrame('A', IMEI, 'A10,35,22.5,114.0,240101000000,A,7,22,0,0,1.0,0,0,0,0|0|0|0,0000,0|0|0|0188|0473,');
    protocolTest(meitrackCodec).position(a10, { latitude: 22.5, attributes: { event: 35 } });
  });
});

describe('Meitrack framing', () => {
  it('splits concatenated frames by their length, binary data included', () => {
    const stream = Buffer.concat([AAA, deviceFrame('z', '861451040910625', 'AAC,1'), AAA]);
    expect(meitrackCodec.frameLength(stream)).toBe(AAA.length);
    expect(protocolTest(meitrackCodec).decode(stream)).toHaveLength(3);
  });

  it('waits for the rest of a split frame', () => {
    for (const cut of [0, 1, 2, 5, 6, AAA.length - 1]) expect(meitrackCodec.frameLength(AAA.subarray(0, cut))).toBe(0);
  });

  it('rejects junk, a bad length and a length that does not end the frame; takes frames without CR LF', () => {
    expect(() => meitrackCodec.frameLength(text('GET / HTTP/1.1\r\n'))).toThrow(ProtocolError);
    expect(() => meitrackCodec.frameLength(text('$$A1x,123'))).toThrow(/bad length/);
    expect(() => meitrackCodec.frameLength(text('$$A123456789,'))).toThrow(ProtocolError);
    expect(() => meitrackCodec.frameLength(text('$$z26,861451040910625,AAC,1*D3\r\n'))).toThrow(/does not end/);
    const bare = text('$$z25,861451040910625,AAC,1*D3$$z25,861451040910625,AAC,1*D3');
    expect(meitrackCodec.frameLength(bare)).toBe(bare.length / 2);
  });

  it('finds the next frame after junk', () => {
    const stream = Buffer.concat([text('\r\nxx'), AAA]);
    expect(meitrackCodec.frameStart?.(stream, 1)).toBe(4);
    expect(meitrackCodec.frameStart?.(text('junk'), 0)).toBe(-1);
  });

  it('checks the byte-sum checksum, in either case', () => {
    expect(meitrackCodec.checksumValid?.(AAA)).toBe(true);
    expect(meitrackCodec.checksumValid?.(text('$$z27,861451040910625,AAC,1*d3\r\n'))).toBe(true);
    expect(meitrackCodec.checksumValid?.(text('$$z27,861451040910625,AAC,1*D4\r\n'))).toBe(false);
    expect(meitrackCodec.checksumValid?.(text('$$z27,861451040910625,AAC,1\r\n'))).toBe(false);
  });

  it('takes a whole datagram over UDP, even without its CR LF', () => {
    const datagram = meitrack(52);
    expect(meitrackUdpCodec.frameLength(datagram)).toBe(datagram.length);
    protocolTest(meitrackUdpCodec).position(datagram, { attributes: { result: 'D82,0' } });
    expect(() => meitrackUdpCodec.frameLength(text('junk'))).toThrow(ProtocolError);
  });
});
