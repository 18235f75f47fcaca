import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../codec.ts';
import { binary, fix, identify, protocolTest } from '../testing/protocol-test.ts';
import { castelCodec } from './codec.ts';

// Frames from Traccar's CastelProtocolDecoderTest.
const SC_LOGIN = binary(
  '40408200033231334c32303137303031313039000000000000100136477b5964477b590400000000000000dc410f000000000204000709207910008304011c07110e110dd41a160714a95a0f00001e058c4944442d3231334c2056312e312e3120323031372d30352d3038004944442d3231334c2056312e312e300000006da10d0a',
);
const SC_HEARTBEAT = binary('40401f00043130303131313235323939383700000000000000100303320d0a');
const SC_ALARM = binary(
  '40406600043231334744533230323130303030353200000000400701000000cee93667d0e93667000000000000000000000000000000020400003e00400000001c010f0b18061b134c96d604106e7218000000000302010900000000011602000000f39a0d0a',
);
const SC_COMPREHENSIVE = binary(
  '40406600043233344c53413230323430303030303400000000401f00581d0000929bda67f5c0db6700000000280000000000000000000082000000002ec71500002c0114031907112f4c9fd604887472180000b004ff10000200ff00210002003c00d5210d0a',
);
const SC_PID_DATA = binary(
  '40407100043231384c31454332303235303030303032000000400256ad2f697eb22f69af2d2f0184550000d81c0000c60004020400213d294b1d00831d0f000d05210b210c210d210f212f21332143214621472149214a21672101115a594908790b62613f0a24190d01820000b84b0d0a',
);
const SC_DTCS_COMMERCIAL = binary(
  '40404700043231335732303139303033353400000000000000400bbe723a5def723a5d000000000000000000000000000000000000030100011900030001012603030145c90d0a',
);
const SC_CELL = binary(
  '4040450004323132474c31313433303035303033000000000040082ca89b55a6a99b555c57000000000000c40200000b0000001400036401111f000302f5533bd653f10d0a',
);
const SC_QUERY_RESPONSE = binary(
  '40403a00043231334744503230313830323133343300000000a002000001000001012011004d414c43333831434d4b4d353637313438c8fc0d0a',
);
const SC_GPS_SLEEP = binary(
  '40403600043231334e583230313630303033343600000000004009ad31a457050810061a35b29bf80ae6da83180300320bbe32580d0a',
);
const CC_HEARTBEAT = binary(
  '404044000c3631313135303030303935360000000000000000420600011e0a0f0b1312864fcd08c07a13030100640acf000004000a000000000000007ba083a66ad80d0a',
);
const MPIP_POSITION = binary(
  '24245000363137313135313243333133360000000000000040011b011207133ac49a390464514a15000000008e480c00000917000000000000ffafffaf00010000ffff7800ffffffffffffff003c0d0a',
);
const MPIP_LOGIN = binary(
  '24243f00676e6768656636313031313132393030313734002001840d0000d2deb556020602100b35360456cf09e6ebac0200000000030000000001abc10d0a',
);

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
    device.position(SC_ALARM, { fixTime: '2024-11-15T06:27:19.000Z', latitude: 22.54779, longitude: 113.93124, attributes: { alarm: 'powerOn' } });
    expect(device.reply(SC_ALARM)?.toString('hex')).toBe('40402300043231334744533230323130303030353200000000c0070100000090b70d0a');
  });

  it('gives the comprehensive report’s tagged values to its fix', () => {
    const device = protocolTest(castelCodec);
    device.position(SC_COMPREHENSIVE, { fixTime: '2025-03-20T07:17:47.000Z', latitude: 22.54843, longitude: 113.9317, attributes: { deviceTemp: 25.5, battery: 0.6, sat: 15 } });
  });

  it('decodes OBD PIDs as a report at the last location', () => {
    const device = protocolTest(castelCodec);
    device.position(SC_PID_DATA, {
      outdated: true,
      attributes: { odometer: 19869103, ignition: true, rpm: 2121, obdSpeed: 121, coolantTemp: 90, intakeTemp: 11, mapIntake: 89, fuel: 98 },
    });
  });

  it('decodes trouble codes, the cell and query answers', () => {
    const device = protocolTest(castelCodec);
    device.position(SC_DTCS_COMMERCIAL, { outdated: true, attributes: { dtcs: 'P0326' } });
    const cell = device.position(SC_CELL, { outdated: true, attributes: { ignition: true } });
    expect(cell.network?.cellTowers).toEqual([{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 21493, cellId: 54843 }]);
    device.position(SC_QUERY_RESPONSE, { outdated: true, attributes: { result: 'MALC381CMKM567148' } });
  });

  it('decodes the sleep-mode fix without answering', () => {
    const device = protocolTest(castelCodec);
    device.position(SC_GPS_SLEEP, { fixTime: '2016-08-05T06:26:53.000Z', latitude: 51.129152, longitude: -114.248455, course: 286.6, attributes: { sat: 11 } });
    expect(device.reply(SC_GPS_SLEEP)).toBeUndefined();
  });
});

describe('Castel CC and MPIP messages', () => {
  it('answers the CC heartbeat with 0x8206 and decodes its fixes with the cell', () => {
    const device = protocolTest(castelCodec);
    const position = device.position(CC_HEARTBEAT, {
      fixTime: '2015-10-30T11:19:18.000Z',
      latitude: 41.020268,
      longitude: 14.335627,
      course: 266,
      attributes: { status: 262144, battery: 10, odometer: 0, sat: 12 },
    });
    expect(position.network?.cellTowers).toEqual([{ mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 41083, cellId: 42627 }]);
    expect(device.reply(CC_HEARTBEAT)?.toString('hex')).toBe('40401f000c3631313135303030303935360000000000000000820656110d0a');
  });

  it('answers an MPIP position with an @@ frame of its type and version 0xFF', () => {
    const device = protocolTest(castelCodec);
    device.position(MPIP_POSITION, { fixTime: '2018-01-27T07:19:58.000Z', latitude: 19.69001, longitude: -99.22001, valid: true });
    expect(device.reply(MPIP_POSITION)?.toString('hex')).toBe('40401f00ff36313731313531324333313336000000000000004001f7b10d0a');
  });

  it('answers the MPIP login with 0x1001 and identifies the device', () => {
    const { result } = identify(castelCodec, MPIP_LOGIN, 'gnghef6101112900174');
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
