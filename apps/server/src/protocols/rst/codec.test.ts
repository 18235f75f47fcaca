import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { fix, identify, protocolTest, text } from '../testing/protocol-test.ts';
import { traccarMessages } from '../testing/traccar-vectors.ts';
import { rstCodec } from './codec.ts';

// Messages by their line in Traccar's RstProtocolDecoderTest (vectors/traccar/rst.json).
const rst = traccarMessages('rst');
/** A report of event 1 from serial 009521405, index 13. */
const REPORT = rst(28);
/** A command result, event 134. */
const RESULT = rst(17);

describe('RST messages', () => {
  it('identifies the device by its serial and acknowledges with event 6', () => {
    const { result } = identify(rstCodec, text(REPORT), '009521405');
    expect(result.reply?.toString()).toBe('RST;A;RST-MINI-4Gv3;V9.10;009521405;13;6;FIM;');
  });

  it('decodes a report', () => {
    protocolTest(rstCodec).position(text(REPORT), {
      deviceTime: '2023-11-21T20:04:18.000Z',
      ...fix('2023-11-21T20:04:18.000Z', true, -12.923627, -38.388287),
      speed: 0.539957,
      course: 165,
      altitude: 29,
      attributes: { sat: 5, hdop: 2, in1: 0, in2: 0xb0, in3: 0, ignition: true, out1: 0x1a, out2: 2, power: 11.89, battery: 3.9, odometer: 73, rssi: 31, temp1: -2, status: 0x0140 },
    });
  });

  it('reads the driver key of event 55', () => {
    protocolTest(rstCodec).position(text(rst(21)), { fixTime: '2023-12-14T19:34:21.000Z', attributes: { driverUniqueId: '001606017031', ignition: true } });
  });

  it('gives a command result the last location', () => {
    protocolTest(rstCodec).position(text(RESULT), { outdated: true, attributes: { result: '134' } });
  });

  it('acknowledges other events without a position, the index without leading zeros', () => {
    // Traccar's trip report of event 29, its index written with a leading zero.
    const trip = rst(25).replace(';124;', ';0124;');
    expect(protocolTest(rstCodec).none(text(trip))?.toString()).toBe('RST;A;RST-MINIv2;V7.04;008051261;124;6;FIM;');
  });

  it('rejects what is not an RST message', () => {
    expect(() => rstCodec.decode(text('RST;X;model;fw;1;2;3;FIM;'), { device: null, data: {} }, new Date())).toThrow(ProtocolError);
  });
});

describe('RST framing', () => {
  it('splits a datagram holding several messages and skips junk before one', () => {
    expect(protocolTest(rstCodec).decode(text(RESULT, REPORT))).toHaveLength(2);
    const junk = text('\r\n', RESULT);
    expect(() => rstCodec.frameLength(junk)).toThrow(ProtocolError);
    expect(rstCodec.frameStart?.(junk, 1)).toBe(2);
  });

  it('wants the closing FIM', () => {
    expect(rstCodec.frameLength(text(REPORT.slice(0, -1)))).toBe(0);
  });
});

describe('RST commands', () => {
  it('sends custom text as is', () => {
    const state = { device: null, data: {} };
    expect(rstCodec.commandTypes).toEqual(['custom']);
    expect(rstCodec.encodeCommand({ type: 'custom', attributes: { data: 'RST;CMD;FIM;\\r\\n' } }, state).toString()).toBe('RST;CMD;FIM;\r\n');
    expect(() => rstCodec.encodeCommand({ type: 'engineStop', attributes: {} }, state)).toThrow(ProtocolError);
  });
});
