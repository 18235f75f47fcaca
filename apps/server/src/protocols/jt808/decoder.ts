import { KEY } from '../../position/keys.ts';
import type { ConnectionState, DecodeResult, MediaAttachment } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { modelOf } from '../kit/settings.ts';
import type { DecodedPosition } from '../types.ts';
import { rememberTerminal } from './connection.ts';
import { isTextFrame } from './frame.ts';
import { decodeLocation, type DeviceContext } from './location.ts';
import { decodeMediaData, decodeMediaEvent } from './media.ts';
import { decodeId, formatMessage, generalResponse, parseMessage, uniqueIdOf, type Jt808Message } from './message.ts';
import { hex, javaTrim, setText, statusPosition } from './position.ts';
import { readBcdTime, timeZoneOf } from './time.ts';
import { decodeTransparent } from './transparent.ts';
import { decodeVendorLocation } from './vendor-location.ts';

/** Terminal → platform message types. */
const MSG = {
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  authentication: 0x0102,
  attributes: 0x0107,
  timeSyncRequest: 0x0109,
  location: 0x0200,
  locationBatch2: 0x0210,
  heartbeat2: 0x0506,
  commandResponse: 0x0701,
  driverIdentity: 0x0702,
  locationBatch: 0x0704,
  mediaEvent: 0x0800,
  mediaData: 0x0801,
  transparent: 0x0900,
  timeZoneSync: 0x1007,
  textResponse: 0x1300,
  acceleration: 0x2070,
  vendorLocation: 0x5501,
  vendorLocationBuffered: 0x5502,
  reportText: 0x6006,
  photo: 0x8888,
} as const;

/** Platform → terminal replies. */
const GENERAL_RESPONSE_2 = 0x4401;
const REGISTER_RESPONSE = 0x8100;
const TIME_SYNC_RESPONSE = 0x8109;

/** Attribute bit by which the 0x5501 vendor messages ask for an acknowledgement. */
const ACK_REQUESTED = 0x8000;
/** A 0x0210 body this long is a battery report, not a batch. */
const BATTERY_REPORT_LENGTH = 7;

interface Context extends DeviceContext {
  state: ConnectionState;
  receivedAt: Date;
}

interface Outcome {
  positions?: DecodedPosition[];
  reply?: Buffer;
  media?: MediaAttachment[];
}

type Handler = (message: Jt808Message, context: Context) => Outcome;

/** Acknowledged, nothing to decode. */
const acknowledged: Handler = (message) => ({ reply: generalResponse(message) });

/** Acknowledged, and whatever position `decode` finds. */
function acknowledgedWith(decode: (message: Jt808Message, context: Context) => DecodedPosition | DecodedPosition[] | null): Handler {
  return (message, context) => {
    const decoded = decode(message, context);
    return { reply: generalResponse(message), positions: decoded === null ? undefined : [decoded].flat() };
  };
}

function withResult(context: Context, result: string): Outcome {
  const position = statusPosition(context.receivedAt);
  setText(position.attributes, KEY.result, result);
  return { positions: [position] };
}

/** Batches: a count and a type (0x0704: 1 = buffered reports), then reports each preceded by its length. */
function decodeBatch(body: Buffer, context: Context, type: number): DecodedPosition[] {
  const reader = new ByteReader(body, 'jt808 location batch');
  let buffered = false;
  if (type === MSG.locationBatch) {
    reader.skip(2); // count
    buffered = reader.u8() > 0;
  }
  const positions: DecodedPosition[] = [];
  while (reader.remaining > 0) {
    const length = type === MSG.locationBatch ? reader.u16() : reader.u8();
    const position = decodeLocation(reader.bytes(length), context);
    if (buffered) position.attributes[KEY.archive] = true;
    positions.push(position);
  }
  return positions;
}

const HANDLERS = new Map<number, Handler>([
  // Registration is answered with the auth code the terminal then authenticates with: its own id.
  [MSG.register, (message) => {
    const body = Buffer.alloc(3);
    body.writeUInt16BE(message.index, 0);
    const code = Buffer.from(decodeId(message.id), 'latin1');
    return { reply: formatMessage(message, REGISTER_RESPONSE, Buffer.concat([body, code])) };
  }],
  [MSG.authentication, acknowledged],
  [MSG.logout, acknowledged],
  [MSG.heartbeat2, acknowledged],
  [MSG.photo, acknowledged],
  [MSG.timeZoneSync, acknowledged],
  [MSG.mediaEvent, (message, { state }) => decodeMediaEvent(message, state)],
  // Some heartbeats carry battery level, signal and status.
  [MSG.heartbeat, acknowledgedWith(({ body }, { receivedAt }) => {
    if (body.length < 3) return null;
    const position = statusPosition(receivedAt);
    position.attributes[KEY.batteryLevel] = body[0];
    position.attributes[KEY.rssi] = body[1];
    position.attributes[KEY.status] = body[2];
    return position;
  })],
  // Terminal type, manufacturer, model and id, then the SIM's ICCID.
  [MSG.attributes, acknowledgedWith(({ body }, { receivedAt }) => {
    const reader = new ByteReader(body, 'jt808 terminal attributes');
    reader.skip(2 + 5 + 20 + 7);
    const position = statusPosition(receivedAt);
    position.attributes[KEY.iccid] = hex(reader.bytes(10));
    return position;
  })],
  [MSG.location, acknowledgedWith(({ body }, context) => decodeLocation(body, context))],
  [MSG.locationBatch, acknowledgedWith(({ body, type }, context) => decodeBatch(body, context, type))],
  [MSG.locationBatch2, acknowledgedWith(({ body, type }, context) => {
    if (body.length !== BATTERY_REPORT_LENGTH) return decodeBatch(body, context, type);
    const reader = new ByteReader(body, 'jt808 battery report');
    const level = reader.u8();
    const position = statusPosition(readBcdTime(reader, context.zone));
    position.attributes[KEY.batteryLevel] = level;
    return position;
  })],
  [MSG.transparent, acknowledgedWith(({ body }, context) => decodeTransparent(body, context, context.receivedAt))],
  [MSG.vendorLocation, decodeVendor],
  [MSG.vendorLocationBuffered, decodeVendor],
  [MSG.timeSyncRequest, (message, { receivedAt }) => {
    const body = Buffer.alloc(8);
    body.writeUInt16BE(receivedAt.getUTCFullYear(), 0);
    body.set([receivedAt.getUTCMonth() + 1, receivedAt.getUTCDate(), receivedAt.getUTCHours(), receivedAt.getUTCMinutes(), receivedAt.getUTCSeconds()], 2);
    return { reply: formatMessage(message, TIME_SYNC_RESPONSE, body) };
  }],
  [MSG.reportText, (message, context) => {
    // Encoding byte, then the text in GBK.
    const text = new TextDecoder('gbk').decode(message.body.subarray(1));
    return { ...withResult(context, text), reply: generalResponse(message) };
  }],
  [MSG.textResponse, ({ body }, context) => {
    const reader = new ByteReader(body, 'jt808 text response');
    reader.skip(2); // serial of the message answered
    return withResult(context, javaTrim(new TextDecoder('utf-16be').decode(reader.rest())));
  }],
  [MSG.commandResponse, ({ body }, context) => {
    const reader = new ByteReader(body, 'jt808 command response');
    return withResult(context, reader.ascii(reader.u32()));
  }],
  [MSG.driverIdentity, ({ body }, context) => {
    const reader = new ByteReader(body, 'jt808 driver identity');
    const cardStatus = reader.u8();
    const position = statusPosition(readBcdTime(reader, context.zone));
    const attributes = position.attributes;
    attributes.cardStatus = cardStatus;
    attributes.cardResult = reader.u8();
    setText(attributes, 'driver', reader.ascii(reader.u8()));
    setText(attributes, 'cardCode', javaTrim(reader.ascii(20)));
    setText(attributes, 'cardAgency', reader.ascii(reader.u8()));
    attributes.cardValidity = hex(reader.bytes(4));
    return { positions: [position] };
  }],
  // Accelerometer samples: time, then three axes in sign-magnitude words.
  [MSG.acceleration, ({ body }, { receivedAt }) => {
    const reader = new ByteReader(body, 'jt808 acceleration');
    const samples: string[] = [];
    const axis = () => {
      const word = reader.u16();
      return word & 0x8000 ? -(word & 0x7fff) : word;
    };
    while (reader.remaining >= 12) {
      reader.skip(6);
      samples.push(`[${axis()},${axis()},${axis()}]`);
    }
    const position = statusPosition(receivedAt);
    position.attributes.gSensor = `[${samples.join(',')}]`;
    return { positions: [position] };
  }],
  [MSG.mediaData, (message, context) => decodeMediaData(message, context, context.state)],
]);

/** The 0x5501 family acknowledges with its own short response, and only when asked to. */
function decodeVendor(message: Jt808Message, context: Context): Outcome {
  const position = decodeVendorLocation(message.body, message.type === MSG.vendorLocationBuffered, context.state);
  if (!(message.attribute & ACK_REQUESTED)) return { positions: [position] };
  const body = Buffer.alloc(3);
  body.writeUInt16BE(message.type, 0);
  return { positions: [position], reply: formatMessage(message, GENERAL_RESPONSE_2, body, true) };
}

/**
 * Decodes one frame. Every binary message names its terminal, so each identifies the device;
 * types Traccar does not handle (such as the terminal's own general response, 0x0001) identify
 * it and nothing more.
 */
export function decodeJt808(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  if (isTextFrame(frame)) return decodeText(frame.toString('latin1'), state, receivedAt);
  const message = parseMessage(frame);
  rememberTerminal(state, message);
  const context: Context = { model: modelOf(state), zone: timeZoneOf(state), state, receivedAt };
  const outcome = HANDLERS.get(message.type)?.(message, context) ?? {};
  return { uniqueId: uniqueIdOf(message.id), ...outcome };
}

/**
 * Text between parentheses: a base-station time request (`…,BASE,2,TIME)`), answered with the
 * same text carrying the UTC time, or a command's result.
 */
function decodeText(sentence: string, state: ConnectionState, receivedAt: Date): DecodeResult {
  if (sentence.includes('BASE,2')) {
    const time = receivedAt.toISOString().replace(/\D/g, '').slice(0, 14);
    return { reply: Buffer.from(sentence.replaceAll('TIME', time), 'latin1') };
  }
  // Results come from a device identified by its binary messages.
  if (!state.device) return {};
  const position = statusPosition(receivedAt);
  position.attributes[KEY.result] = sentence;
  return { positions: [position] };
}
