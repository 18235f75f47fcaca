import { expect } from 'vitest';
import { fixedSettings, type ConnectionState, type DecodeResult, type MediaAttachment, type StreamCodec } from '../codec.ts';
import type { CellTower, Network, WifiAccessPoint } from '../kit/network.ts';
import type { DecodedPosition } from '../types.ts';

/**
 * The protocol test kit: a test is a list of frames with what each must decode to, in the order
 * a device sends them (one connection, as Traccar's ProtocolTest keeps one decoder). Frames are
 * written as hex (`binary`) or text (`text`); expectations name only what the test asserts.
 *
 *   const device = protocolTest(jt808Codec);
 *   device.position(binary('7e0200…7e'), { fixTime: '2024-01-02T03:04:05.000Z', latitude: -23.5, attributes: { ignition: true } });
 *   device.none(text('##,imei:359586015829802,A;'));
 */

/** Hex digits to bytes; whitespace is ignored so long frames can be split for reading. */
export function binary(...hex: string[]): Buffer {
  return Buffer.from(hex.join('').replace(/\s+/g, ''), 'hex');
}

/** Text to bytes, one byte per character (Latin-1), as the text protocols are. */
export function text(...parts: string[]): Buffer {
  return Buffer.from(parts.join(''), 'latin1');
}

/** What a decoded position must hold: any of its fields (times as ISO text), and some attributes. */
export type ExpectedPosition = Partial<Omit<DecodedPosition, 'attributes' | 'fixTime' | 'deviceTime'>> & {
  fixTime?: string;
  deviceTime?: string;
  attributes?: Record<string, unknown>;
};

function expectPosition(position: DecodedPosition, expected: ExpectedPosition): void {
  const { attributes, fixTime, deviceTime, ...fields } = expected;
  if (fixTime !== undefined) expect(position.fixTime.toISOString(), 'fixTime').toBe(fixTime);
  if (deviceTime !== undefined) expect(position.deviceTime?.toISOString(), 'deviceTime').toBe(deviceTime);
  for (const [key, value] of Object.entries(fields)) {
    const actual = position[key as keyof DecodedPosition];
    if (typeof value === 'number') expect(actual, key).toBeCloseTo(value, 5);
    else expect(actual, key).toEqual(value);
  }
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (typeof value === 'number') expect(position.attributes[key], `attributes.${key}`).toBeCloseTo(value, 6);
    else expect(position.attributes[key], `attributes.${key}`).toEqual(value);
  }
}

export interface ProtocolTest {
  /** The connection state the frames go through (identified as device 1 unless `anonymous`). */
  readonly state: ConnectionState;
  /** Sets the device's model and settings for the frames that follow (Traccar's setModelOverride etc.). */
  settings: (settings: Readonly<Record<string, string | number | boolean>>) => void;
  /** Splits the bytes as the listener does and decodes every frame; results in order. */
  decode: (bytes: Buffer) => DecodeResult[];
  /** Exactly one position, holding `expected`. */
  position: (bytes: Buffer, expected?: ExpectedPosition) => DecodedPosition;
  /** One or more positions; the first holds `expected`. */
  positions: (bytes: Buffer, expected?: ExpectedPosition) => DecodedPosition[];
  /** No position (a login, heartbeat or ignored message); returns the reply, if any. */
  none: (bytes: Buffer) => Buffer | undefined;
  /** The reply the frames produce (e.g. an acknowledgement), as bytes. */
  reply: (bytes: Buffer) => Buffer | undefined;
  /**
   * Decodes the frames once, asserts one position as `position` does, and gives it with the reply
   * that same decode produced (the last result's, as `reply` gives): decoding again for the reply
   * would answer from the state the first decode left (sequence numbers, media parts, last fix).
   */
  answered: (bytes: Buffer, expected?: ExpectedPosition) => { position: DecodedPosition; reply: Buffer | undefined };
  /** The same for frames of several positions: asserted as `positions` does, with the reply of that one decode. */
  answeredAll: (bytes: Buffer, expected?: ExpectedPosition) => { positions: DecodedPosition[]; reply: Buffer | undefined };
}

export function protocolTest(codec: StreamCodec, options: { anonymous?: boolean; receivedAt?: Date } = {}): ProtocolTest {
  const state: ConnectionState = { device: options.anonymous ? null : { id: 1, uniqueId: '123456789012345' }, data: {} };
  const receivedAt = options.receivedAt ?? new Date();

  function decode(bytes: Buffer): DecodeResult[] {
    const results: DecodeResult[] = [];
    let rest = bytes;
    while (rest.length > 0) {
      const length = codec.frameLength(rest);
      expect(length, `a whole frame in ${rest.toString('hex').slice(0, 40)}`).toBeGreaterThan(0);
      const frame = rest.subarray(0, length);
      if (codec.checksumValid) expect(codec.checksumValid(frame), 'checksum').toBe(true);
      const result = codec.decode(frame, state, receivedAt);
      if (result.uniqueId) state.device = { id: state.device?.id ?? 1, uniqueId: result.uniqueId };
      results.push(result);
      rest = rest.subarray(length);
    }
    return results;
  }

  const positionsIn = (results: DecodeResult[]) => results.flatMap((result) => result.positions ?? []);

  function onePosition(results: DecodeResult[], expected: ExpectedPosition): DecodedPosition {
    const positions = positionsIn(results);
    expect(positions).toHaveLength(1);
    expectPosition(positions[0], expected);
    return positions[0];
  }

  function somePositions(results: DecodeResult[], expected: ExpectedPosition): DecodedPosition[] {
    const positions = positionsIn(results);
    expect(positions.length).toBeGreaterThan(0);
    expectPosition(positions[0], expected);
    return positions;
  }

  return {
    state,
    settings(settings) {
      state.settings = fixedSettings(settings);
    },
    decode,
    position(bytes, expected = {}) {
      return onePosition(decode(bytes), expected);
    },
    positions(bytes, expected = {}) {
      return somePositions(decode(bytes), expected);
    },
    none(bytes) {
      const results = decode(bytes);
      expect(positionsIn(results)).toHaveLength(0);
      return results.at(-1)?.reply;
    },
    reply(bytes) {
      return decode(bytes).at(-1)?.reply;
    },
    answered(bytes, expected = {}) {
      const results = decode(bytes);
      return { position: onePosition(results, expected), reply: results.at(-1)?.reply };
    },
    answeredAll(bytes, expected = {}) {
      const results = decode(bytes);
      return { positions: somePositions(results, expected), reply: results.at(-1)?.reply };
    },
  };
}

/**
 * A device's first message on a new, anonymous connection, which must name it: asserts the first
 * result's `uniqueId` and gives that result and the connection, so each test need not repeat the setup.
 */
export function identify(
  codec: StreamCodec,
  bytes: Buffer,
  uniqueId: string,
  options: { receivedAt?: Date } = {},
): { device: ProtocolTest; result: DecodeResult } {
  const device = protocolTest(codec, { ...options, anonymous: true });
  const [result] = device.decode(bytes);
  expect(result.uniqueId).toBe(uniqueId);
  return { device, result };
}

/**
 * The result of the message that completes a photo or voice message, as every media protocol
 * gives it: no reply, one position at the last location (at `fixTime`, when given), the file on it.
 */
export function expectCompletedMedia(result: DecodeResult, media: Omit<MediaAttachment, 'position'>, fixTime?: Date): void {
  expect(result.reply).toBeUndefined();
  expect(result.positions).toEqual([expect.objectContaining({ outdated: true, ...(fixTime ? { fixTime } : {}) })]);
  expect(result.media).toEqual([{ position: result.positions?.[0], ...media }]);
}

/**
 * A fix as Traccar's ProtocolTest states one (`position(time, valid, lat, lon)`): the time, whether
 * it is valid, and where; spread into an expected position beside the fields a test adds.
 */
export function fix(time: string, valid: boolean, latitude: number, longitude: number): ExpectedPosition {
  return { fixTime: time, valid, latitude, longitude };
}

/** The network JSON a codec stores for the cell towers it reports (and a geolocation service is sent). */
export function gsmNetwork(...cellTowers: CellTower[]): Network {
  return { radioType: 'gsm', considerIp: false, cellTowers };
}

/** The same network JSON when the device lists the Wi-Fi access points it saw beside its cell towers. */
export function gsmWifiNetwork(cellTowers: CellTower[], wifiAccessPoints: WifiAccessPoint[]): Network {
  return { ...gsmNetwork(...cellTowers), wifiAccessPoints };
}
