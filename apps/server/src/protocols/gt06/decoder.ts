import type { ConnectionState, DecodeResult } from '../codec.ts';
import { offsetMinutes, validTimeZone } from '@rastro/api';
import { modelOf, textSetting } from '../kit/settings.ts';
import type { DecodedPosition } from '../types.ts';
import { readAz735 } from './az735.ts';
import { readBatteryReport } from './bms.ts';
import { readDashcamAlarm } from './dashcam.ts';
import { EXTENDED_HEADER } from './frame.ts';
import { readGk310Heartbeat, readSensorHeartbeat, SENSOR_STATUS_LENGTH } from './heartbeat.ts';
import { readInformation } from './info.ts';
import { readIButtonLocation, readRadioLocation, readRfidLocation, readSr411Location, readX1Location } from './layouts.ts';
import { isLocation, readLocation } from './location.ts';
import { readMultimedia, readPhotoData, readPhotoInfo } from './media.ts';
import { modelTraits, type Message } from './message.ts';
import { readModular } from './modular.ts';
import { readObd } from './obd.ts';
import { readBluetoothClock, readStatusList } from './peripheral.ts';
import { ByteReader } from './reader.ts';
import { acknowledgement, addressResponse, extendedAcknowledgement, timeResponse } from './replies.ts';
import { readCommandResponse, readSerialData, readTextMessage } from './text.ts';
import { isTowerList, readTowerList } from './towers.ts';
import { variantOf } from './variant.ts';
import { readWifiScan } from './wifi.ts';

const LOGIN = 0x01;
const STATUS = 0x13;
const COMMAND_RESPONSE = 0x15;
const WIFI = 0x17;
const TEXT_MESSAGE = 0x21;
const GK310_HEARTBEAT = 0x23;
const SR411_LOCATION = 0x24;
const ADDRESS_REQUEST = 0x2a;
const BATTERY_REPORT = 0x40;
const MULTIMEDIA = 0x41;
const AZ735_LOCATION = 0x32;
const AZ735_ALARM = 0x33;
const X1_LOCATION = 0x34;
const PHOTO_INFO = 0x35;
/** 0x36 is an RFID location (TRX16i) or, in `79 79`, photo data. */
const RFID_LOCATION = 0x36;
const RADIO_LOCATION = 0x38;
const IBUTTON = 0x61;
const WIFI_2 = 0x69;
const GPS_MODULAR = 0x70;
const TIME_REQUEST = 0x8a;
const OBD = 0x8c;
const INFORMATION = 0x94;
const DASHCAM_ALARM = 0x95;
const SERIAL_DATA = 0x9b;
const BLUETOOTH_CLOCK = 0xb2;
const DEVICE_STATUS = 0xf1;
const PERIPHERAL_STATUS = 0xf2;
const WIFI_4 = 0xf3;
/** Commands the device echoes back: never acknowledged. */
const COMMANDS = new Set([0x80, 0x81, 0x82]);

/**
 * Decodes one GT06 frame. The device logs in with its IMEI first; like Traccar, anything before
 * is ignored, unanswered, rather than closing a connection the device may still log in on.
 * Most messages are acknowledged with their protocol number and serial; some get an answer of
 * their own, some none (see each type).
 */
export function decodeGt06(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const extended = frame[0] === EXTENDED_HEADER;
  const typeAt = extended ? 4 : 3;
  // Devices that botch the length field can produce frames without room for a serial: nothing to decode or acknowledge.
  if (frame.length < typeAt + 1 + 6) return {};
  const type = frame[typeAt];
  const length = extended ? frame.readUInt16BE(2) : frame[2];
  const body = new ByteReader(frame.subarray(typeAt + 1));
  const message: Message = {
    type,
    extended,
    length,
    serial: frame.readUInt16BE(frame.length - 6),
    variant: variantOf(frame, extended, type, length),
    model: modelTraits(modelOf(state)),
    utcOffsetMinutes: utcOffset(state, receivedAt),
    receivedAt,
  };

  if (type === LOGIN) return { uniqueId: readLogin(body, state), reply: acknowledgement(message) };
  if (!state.device) return {};
  return decodeMessage(body, message, frame, state);
}

/** Messages with a position and the plain acknowledgement. */
function acknowledged(position: DecodedPosition | null, message: Message): DecodeResult {
  return position ? { positions: [position], reply: acknowledgement(message) } : {};
}

/** Messages with a position and no answer. */
function unanswered(position: DecodedPosition | null): DecodeResult {
  return position ? { positions: [position] } : {};
}

function decodeMessage(body: ByteReader, message: Message, frame: Buffer, state: ConnectionState): DecodeResult {
  const { type, variant, extended } = message;
  switch (type) {
    case GK310_HEARTBEAT:
      return acknowledged(readGk310Heartbeat(body, message), message);
    case ADDRESS_REQUEST:
      return { reply: addressResponse() };
    case TIME_REQUEST:
      return { reply: timeResponse(message.receivedAt) };
    case X1_LOCATION:
      if (variant !== 'sl4x') return unanswered(readX1Location(body, message));
      break;
    case WIFI:
      // The access point count is in the frame's third byte, where other messages have their length.
      if (variant !== 'rfid') return readWifiScan(body, message, frame[2]);
      break;
    case WIFI_2:
    case WIFI_4:
      return readWifiScan(body, message, frame[2]);
    case INFORMATION:
      return unanswered(readInformation(body, message));
    case SR411_LOCATION:
      if (variant === 'sr411Mini') return unanswered(readSr411Location(body, message));
      break;
    case BLUETOOTH_CLOCK:
      return acknowledged(readBluetoothClock(body, message), message);
    case COMMAND_RESPONSE:
      return acknowledged(readCommandResponse(body, message.receivedAt), message);
    case BATTERY_REPORT:
      return acknowledged(readBatteryReport(body), message);
    case STATUS:
      if (body.remaining === SENSOR_STATUS_LENGTH) return acknowledged(readSensorHeartbeat(body, message), message);
      break;
    case IBUTTON:
      return acknowledged(readIButtonLocation(body, message), message);
    case RFID_LOCATION:
      if (variant === 'trx16i') return acknowledged(readRfidLocation(body, message), message);
      if (extended) return readPhotoData(body, state, message.receivedAt);
      break;
    case PHOTO_INFO:
      return readPhotoInfo(body, state);
    case MULTIMEDIA:
      return readMultimedia(body, message, state);
  }
  if (isTowerList(message)) return acknowledged(readTowerList(body, message), message);
  if (isLocation(message)) return acknowledged(readLocation(body, message), message);

  switch (type) {
    case DASHCAM_ALARM:
      return acknowledged(readDashcamAlarm(body, message), message);
    case TEXT_MESSAGE:
      return unanswered(readTextMessage(body, message.receivedAt));
    case AZ735_LOCATION:
    case AZ735_ALARM:
      return { positions: [readAz735(body, message)], reply: extendedAcknowledgement(message) };
    case OBD:
      return unanswered(readObd(body, message));
    case GPS_MODULAR:
      return acknowledged(readModular(body, message), message);
    case SERIAL_DATA:
      return unanswered(readSerialData(body, message.receivedAt));
    case DEVICE_STATUS:
    case PERIPHERAL_STATUS:
      return acknowledged(readStatusList(body, message), message);
    case RADIO_LOCATION:
      return unanswered(readRadioLocation(body, message));
  }
  // Like Traccar, other short-header messages are acknowledged so that the device does not resend them.
  return extended || COMMANDS.has(type) ? {} : { reply: acknowledgement(message) };
}

/**
 * IMEI as 8 BCD bytes, the first digit a padding 0. Newer devices add a 2-byte type id and their
 * time zone, which then applies to the times they send; without it times are UTC.
 */
function readLogin(body: ByteReader, state: ConnectionState): string {
  const imei = body.hex(8).slice(1);
  let utcOffsetMinutes = 0;
  if (body.remaining >= 4) {
    body.skip(2);
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

/**
 * The offset of the device's times: its `decoder.timezone` when set (clones that send local or
 * China time), else the zone its login carried, else UTC; as Traccar's getTimeZone.
 */
function utcOffset(state: ConnectionState, receivedAt: Date): number {
  const zone = validTimeZone(textSetting(state, 'decoder.timezone'));
  if (zone) return offsetMinutes(receivedAt.getTime(), zone);
  return typeof state.data.utcOffsetMinutes === 'number' ? state.data.utcOffsetMinutes : 0;
}
