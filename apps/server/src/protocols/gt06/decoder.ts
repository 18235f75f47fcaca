import type { Attributes } from '@rastro/api';
import type { ConnectionState, DecodeResult } from '../codec.ts';
import { buildNetwork } from '../osmand/network.ts';
import type { DecodedPosition } from '../types.ts';
import { EXTENDED_HEADER, encodePacket } from './frame.ts';
import { readGps } from './gps.ts';
import { CLASSIC_CELL, readCellTower, type CellLayout } from './lbs.ts';
import { newPosition } from './position.ts';
import { ByteReader } from './reader.ts';
import { readStatus } from './status.ts';
import { readCommandResponse, readTextMessage } from './text.ts';
import { KEY } from '../../position/keys.ts';

const LOGIN = 0x01;
const COMMAND_RESPONSE = 0x15;
const TEXT_MESSAGE = 0x21;
const GPS_LBS_2 = 0x22;
const GPS_LBS_STATUS_3 = 0x27;
const GPS_LBS_4G = 0xa0;

interface Layout {
  gps: boolean;
  /** Cell tower after the GPS block: absent, bare, or preceded by its length. */
  cell: 'none' | 'bare' | 'sized';
  status: boolean;
}

/** The message types decoded into positions, by protocol number. */
const LAYOUTS = new Map<number, Layout>([
  [0x10, { gps: true, cell: 'none', status: false }], // GPS
  [0x12, { gps: true, cell: 'bare', status: false }], // GPS + LBS
  [0x13, { gps: false, cell: 'none', status: true }], // heartbeat: status only
  [0x16, { gps: true, cell: 'sized', status: true }], // GPS + LBS + status: alarms
  [0x1a, { gps: true, cell: 'none', status: false }], // GPS + phone number: address request
  [GPS_LBS_2, { gps: true, cell: 'bare', status: false }], // GPS + LBS, then ACC, upload reason, re-upload flag
  [0x26, { gps: true, cell: 'sized', status: true }], // GPS + LBS + status, second generation
  [GPS_LBS_STATUS_3, { gps: true, cell: 'sized', status: true }], // same, then alarm high bits, language, geofence
  [GPS_LBS_4G, { gps: true, cell: 'bare', status: false }], // GPS + 4G LBS
]);

/**
 * Types Traccar answers with something other than the plain acknowledgement (time and address
 * requests, wifi scans, photo transfers) or not at all (information packets, echoed commands).
 * They are not decoded here, so they get no answer rather than a wrong one.
 */
const NOT_ACKNOWLEDGED = new Set([0x17, 0x2a, 0x35, 0x69, 0x80, 0x81, 0x82, 0x8a, 0x94, 0xf3]);

/**
 * Decodes one GT06 frame. The device logs in with its IMEI first; like Traccar, anything before
 * is ignored, unanswered, rather than closing a connection the device may still log in on.
 * The acknowledgement echoes the protocol number and serial of the message.
 */
export function decodeGt06(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const extended = frame[0] === EXTENDED_HEADER;
  const typeAt = extended ? 4 : 3;
  // Devices that botch the length field can produce frames without room for a serial: nothing to decode or acknowledge.
  if (frame.length < typeAt + 1 + 6) return {};
  const type = frame[typeAt];
  const serial = frame.readUInt16BE(frame.length - 6);
  const body = new ByteReader(frame.subarray(typeAt + 1, frame.length - 2));
  const ack = encodePacket(type, Buffer.alloc(0), serial);

  if (type === LOGIN) return { uniqueId: readLogin(body, state), reply: ack };
  if (!state.device) return {};
  if (type === COMMAND_RESPONSE) return { positions: [readCommandResponse(body, receivedAt)], reply: ack };
  if (type === TEXT_MESSAGE) return { positions: [readTextMessage(body, receivedAt)] };

  const layout = LAYOUTS.get(type);
  if (layout) {
    const cell = cellLayout(type, extended ? undefined : frame[2]);
    return { positions: [readPositionMessage(type, layout, cell, body, utcOffset(state), receivedAt)], reply: ack };
  }
  // Like Traccar, other short-header messages are acknowledged so that the device does not resend them.
  return extended || NOT_ACKNOWLEDGED.has(type) ? {} : { reply: ack };
}

/**
 * IMEI as 8 BCD bytes, the first digit a padding 0. Newer devices add a 2-byte type id and their
 * time zone, which then applies to the times they send; without it times are UTC.
 */
function readLogin(body: ByteReader, state: ConnectionState): string {
  const imei = body.take(8).toString('hex').slice(1);
  let utcOffsetMinutes = 0;
  if (body.remaining >= 4) {
    body.take(2);
    utcOffsetMinutes = timeZoneMinutes(body.u16());
  }
  state.data.utcOffsetMinutes = utcOffsetMinutes;
  return imei;
}

/** Bits 4-15 hold the offset as decimal hhmm, bit 3 says west of Greenwich. */
function timeZoneMinutes(field: number): number {
  const hhmm = field >> 4;
  const minutes = Math.floor(hhmm / 100) * 60 + (hhmm % 100);
  return field & 0x08 ? -minutes : minutes;
}

function utcOffset(state: ConnectionState): number {
  return typeof state.data.utcOffsetMinutes === 'number' ? state.data.utcOffsetMinutes : 0;
}

function cellLayout(type: number, lengthField: number | undefined): CellLayout {
  if (type === GPS_LBS_4G) return { wideMnc: false, wideLac: true, cidBytes: 8 };
  // SEEWORLD trackers send a 4-byte cell id in 0x16; Traccar recognises them by this frame length.
  if (type === 0x16 && lengthField === 0x26) return { ...CLASSIC_CELL, cidBytes: 4 };
  return CLASSIC_CELL;
}

function readPositionMessage(
  type: number,
  layout: Layout,
  cell: CellLayout,
  body: ByteReader,
  utcOffsetMinutes: number,
  receivedAt: Date,
): DecodedPosition {
  const position = newPosition(receivedAt);
  const { attributes } = position;
  attributes[KEY.type] = type;
  if (layout.gps) readGps(body, position, utcOffsetMinutes);

  if (layout.cell !== 'none' && body.remaining > 0) {
    // A sized block of length 0 means that the device had no cell to report.
    const length = layout.cell === 'sized' ? body.u8() : undefined;
    if (length !== 0) {
      const start = body.consumed;
      position.network = buildNetwork([readCellTower(body, cell)], []);
      // The length counts itself and the tower; what a longer block adds is skipped. (SEEWORLD's
      // leaves itself out, hence the floor; Traccar assumes an 8-byte tower and skips a byte too
      // many after a two-byte mnc.)
      if (length !== undefined) body.take(Math.max(0, length - 1 - (body.consumed - start)));
    }
  }

  if (layout.status) {
    readStatus(body, attributes, type === GPS_LBS_STATUS_3);
    if (type === GPS_LBS_STATUS_3) body.u8(); // language
  }

  if (type === GPS_LBS_2 && body.remaining >= 3) {
    attributes[KEY.ignition] = body.u8() > 0;
    attributes[KEY.event] = body.u8(); // upload reason
    attributes[KEY.archive] = body.u8() > 0;
  }
  readOptionalTrailer(body, attributes);
  if (type === GPS_LBS_STATUS_3) attributes.geofence = body.u8();
  return position;
}

/**
 * Fields some devices append, recognised like Traccar by how many bytes are left:
 * 3 (ACC, upload mode, re-upload flag), 4 (mileage) or 7 (both).
 */
function readOptionalTrailer(body: ByteReader, attributes: Attributes): void {
  if (body.remaining === 3 || body.remaining === 7) {
    attributes[KEY.ignition] = body.u8() > 0;
    body.u8(); // upload mode
    if (body.u8() > 0) attributes[KEY.archive] = true;
  }
  if (body.remaining === 4) attributes[KEY.odometer] = body.u32();
}
