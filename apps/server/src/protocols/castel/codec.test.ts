import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest } from '../testing/protocol-test.ts';
import { traccarFrames } from '../testing/traccar-vectors.ts';
import { castelCodec } from './codec.ts';

// Frames by their line in Traccar's CastelProtocolDecoderTest (vectors/traccar/castel.json).
const castel = traccarFrames('castel');
/** SC login (0x1001) with a fix. */
const SC_LOGIN = castel(60);
/** SC heartbeat (0x1003). */
const SC_HEARTBEAT = castel(162);
/** SC alarm (0x4007), power on. */
const SC_ALARM = castel(24);
/** SC sleep-mode fix (0x4009): Traccar's line sends it twice in one read; the first, by its length 0x36. */
const SC_GPS_SLEEP = castel(96).subarray(0, 0x36);
/** MPIP position (0x4001), `$$`-framed. */
const MPIP_POSITION = castel(57);

const RECEIVED = new Date('2024-01-01T00:00:00.000Z');

describe('Castel SC (OBD) messages', () => {
  it('answers the login with 0x9001, 0xFFFFFFFF and the server time, and keeps its fix', () => {
    const { device, result } = identify(castelCodec, SC_LOGIN, '213L2017001109', { receivedAt: RECEIVED });
    expect(result.reply?.toString('hex')).toBe('40402900033231334c323031373030313130390000000000009001ffffffff000080009265c6ca0d0a');
    expect(result.positions).toHaveLength(1);
    device.position(SC_LOGIN, {
      ...fix('2017-07-28T14:17:13.000Z', true, -33.02477, -71.55549),
      course: 131,
      attributes: { sat: 8, odometer: 4, tripOdometer: 0, fuelConsumption: 999900, status: 262656, ignition: true },
    });
  });

  it('answers the heartbeat with 0x9003', () => {
    const device = protocolTest(castelCodec);
    expect(device.none(SC_HEARTBEAT)?.toString('hex')).toBe('40401f000431303031313132353239393837000000000000009003cfbe0d0a');
  });

  it('decodes alarms onto the fix and echoes the alarm index in 0xC007', () => {
    const device = protocolTest(castelCodec);
    const { reply } = device.answered(SC_ALARM, { fixTime: '2024-11-15T06:27:19.000Z', latitude: 22.54779, longitude: 113.93124, attributes: { alarm: 'powerOn' } });
    expect(reply?.toString('hex')).toBe('40402300043231334744533230323130303030353200000000c0070100000090b70d0a');
  });

  it('gives the comprehensive report’s tagged values to its fix', () => {
    const device = protocolTest(castelCodec);
    device.position(castel(20), { fixTime: '2025-03-20T07:17:47.000Z', latitude: 22.54843, longitude: 113.9317, attributes: { deviceTemp: 25.5, battery: 0.6, sat: 15 } });
  });

  it('decodes OBD PIDs as a report at the last location', () => {
    const device = protocolTest(castelCodec);
    device.position(castel(14), {
      outdated: true,
      attributes: { odometer: 19869103, ignition: true, rpm: 2121, obdSpeed: 121, coolantTemp: 90, intakeTemp: 11, mapIntake: 89, fuel: 98 },
    });
  });

  it('decodes trouble codes, the cell and query answers', () => {
    const device = protocolTest(castelCodec);
    device.position(castel(30), { outdated: true, attributes: { dtcs: 'P0326' } });
    const cell = device.position(castel(144), { outdated: true, attributes: { ignition: true } });
    expect(cell.network?.cellTowers).toEqual([{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 21493, cellId: 54843 }]);
    device.position(castel(38), { outdated: true, attributes: { result: 'MALC381CMKM567148' } });
  });

  it('decodes the sleep-mode fix without answering', () => {
    const device = protocolTest(castelCodec);
    const { reply } = device.answered(SC_GPS_SLEEP, { fixTime: '2016-08-05T06:26:53.000Z', latitude: 51.129152, longitude: -114.248455, course: 286.6, attributes: { sat: 11 } });
    expect(reply).toBeUndefined();
  });
});

describe('Castel CC and MPIP messages', () => {
  it('answers the CC heartbeat with 0x8206 and decodes its fixes with the cell', () => {
    const device = protocolTest(castelCodec);
    const { position, reply } = device.answered(castel(138), {
      fixTime: '2015-10-30T11:19:18.000Z',
      latitude: 41.020268,
      longitude: 14.335627,
      course: 266,
      attributes: { status: 262144, battery: 10, odometer: 0, sat: 12 },
    });
    expect(position.network?.cellTowers).toEqual([{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 41083, cellId: 42627 }]);
    expect(reply?.toString('hex')).toBe('40401f000c3631313135303030303935360000000000000000820656110d0a');
  });

  it('answers an MPIP position with an @@ frame of its type and version 0xFF', () => {
    const device = protocolTest(castelCodec);
    const { reply } = device.answered(MPIP_POSITION, { fixTime: '2018-01-27T07:19:58.000Z', latitude: 19.69001, longitude: -99.22001, valid: true });
    expect(reply?.toString('hex')).toBe('40401f00ff36313731313531324333313336000000000000004001f7b10d0a');
  });

  it('answers the MPIP login with 0x1001 and identifies the device', () => {
    const { result } = identify(castelCodec, castel(102), 'gnghef6101112900174');
    expect(result.reply?.toString('hex')).toBe('40402a00676e676865663631303131313239303031373400100100000000ffffffffffffffffc2cf0d0a');
    expect(result.positions?.[0].fixTime.toISOString()).toBe('2016-02-06T11:53:54.000Z');
  });
});

describe('Castel framing', () => {
  it('splits concatenated frames by their length and waits for the rest of a split one', () => {
    const device = protocolTest(castelCodec);
    expect(device.decode(Buffer.concat([SC_HEARTBEAT, SC_GPS_SLEEP, MPIP_POSITION]))).toHaveLength(3);
    for (let cut = 0; cut < SC_LOGIN.length; cut++) expect(castelCodec.frameLength(SC_LOGIN.subarray(0, cut))).toBe(0);
    expect(castelCodec.frameLength(SC_LOGIN)).toBe(SC_LOGIN.length);
  });

  it('finds the next @@ or $$ after junk, and rejects what cannot start a frame', () => {
    const stream = Buffer.concat([Buffer.from('junk\r\n'), MPIP_POSITION, SC_HEARTBEAT]);
    expect(castelCodec.frameStart!(stream, 0)).toBe(6);
    expect(castelCodec.frameStart!(stream, 7)).toBe(6 + MPIP_POSITION.length);
    expect(() => castelCodec.frameLength(stream)).toThrow(ProtocolError);
    expect(() => castelCodec.frameLength(binary('40400400'))).toThrow(ProtocolError);
  });

  it('checks the CRC-16/X-25 of every frame', () => {
    expect(castelCodec.checksumValid!(SC_LOGIN)).toBe(true);
    const broken = Buffer.from(SC_LOGIN);
    broken[40] ^= 0xff;
    expect(castelCodec.checksumValid!(broken)).toBe(false);
  });

  it('refuses a truncated body without crashing', () => {
    const truncated = Buffer.from(SC_ALARM.subarray(0, 60));
    truncated.writeUInt16LE(truncated.length, 2);
    expect(() => castelCodec.decode(truncated, { device: null, data: {} }, RECEIVED)).toThrow(ProtocolError);
  });
});

describe('Castel commands', () => {
  const state = { device: { id: 1, uniqueId: '123456789012345' }, data: {} };

  it('stops the engine with petrol control 1, as Traccar’s encoder test', () => {
    expect(castelCodec.encodeCommand({ type: 'engineStop', attributes: {} }, state).toString('hex')).toBe('40402000013132333435363738393031323334350000000000458301a94a0d0a');
  });

  it('resumes it with petrol control 0', () => {
    const frame = castelCodec.encodeCommand({ type: 'engineResume', attributes: {} }, state);
    expect(frame.subarray(25, 28).toString('hex')).toBe('458300');
    expect(castelCodec.checksumValid!(frame)).toBe(true);
  });

  it('refuses other types, unknown devices and ids that do not fit', () => {
    expect(castelCodec.commandTypes).toEqual(['engineStop', 'engineResume']);
    expect(() => castelCodec.encodeCommand({ type: 'custom', attributes: { data: 'x' } }, state)).toThrow(ProtocolError);
    expect(() => castelCodec.encodeCommand({ type: 'engineStop', attributes: {} }, { device: null, data: {} })).toThrow(ProtocolError);
    expect(() => castelCodec.encodeCommand({ type: 'engineStop', attributes: {} }, { device: { id: 1, uniqueId: 'x'.repeat(21) }, data: {} })).toThrow(ProtocolError);
  });
});
