import { KEY } from '../../position/keys.ts';
import type { ConnectionState, DecodeResult } from '../codec.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { modelOf } from '../kit/settings.ts';
import type { DecodedPosition } from '../types.ts';
import { applyAlarmCode } from './alarms.ts';
import { encodeFrame, splitFrame, uniqueIdOf, type MeiligaoFrame } from './frame.ts';
import { readObdRealTime, readObdTotals } from './obd.ts';
import { newPosition } from './position.ts';
import { readRegularSentence, readRfidSentence } from './sentence.ts';

/** Device-to-server commands, and the server's answers where it gives one. */
const MESSAGE = {
  heartbeat: 0x0001,
  login: 0x5000,
  loginResponse: 0x4000,
  position: 0x9955,
  positionLogged: 0x9016,
  alarm: 0x9999,
  rfid: 0x9966,
  retransmission: 0x6688,
  obdRealTime: 0x9901,
  obdTotals: 0x9902,
  troubleCodes: 0x9903,
  positionImage: 0x9977,
  uploadPhoto: 0x0800,
  uploadPhotoResponse: 0x8801,
  uploadComplete: 0x0f80,
} as const;

const RFID_SLOTS = 15;
const RECORD_SEPARATOR = 0x5c; // `\`

/**
 * Every message carries the device id, so each one identifies the connection. Login and
 * heartbeat are answered with 0x01. Photos are not stored, but their upload is acknowledged
 * as the device expects, so that it carries on. The server-address query (0x0002) goes
 * unanswered: Traccar answers with the address the device reached, which a codec does not know.
 */
export function decodeMeiligao(bytes: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const frame = splitFrame(bytes);
  if (!frame) return {};
  const uniqueId = uniqueIdOf(frame.id);
  const identified = uniqueId === '' ? {} : { uniqueId };
  const reply = replyTo(frame);
  if (reply) return { ...identified, reply };
  if (uniqueId === '') return {};
  const positions = readReport(frame, modelOf(state), receivedAt);
  return positions.length > 0 ? { uniqueId, positions } : { uniqueId };
}

function replyTo({ id, command, data }: MeiligaoFrame): Buffer | null {
  switch (command) {
    case MESSAGE.login:
      return encodeFrame(id, MESSAGE.loginResponse, Buffer.from([0x01]));
    case MESSAGE.heartbeat:
      return encodeFrame(id, MESSAGE.heartbeat, Buffer.from([0x01]));
    case MESSAGE.uploadPhoto:
      return encodeFrame(id, MESSAGE.uploadPhotoResponse, Buffer.from([imageIndex(data)]));
    case MESSAGE.uploadComplete:
      return encodeFrame(id, MESSAGE.retransmission, Buffer.from([imageIndex(data), 0, 0]));
    default:
      return null;
  }
}

function imageIndex(data: Buffer): number {
  return new ByteReader(data, 'meiligao photo message').u8();
}

function readReport({ command, data }: MeiligaoFrame, model: string, receivedAt: Date): DecodedPosition[] {
  const reader = new ByteReader(data, 'meiligao report');
  const position = newPosition(receivedAt);
  const { attributes } = position;
  switch (command) {
    case MESSAGE.retransmission:
      return readRetransmission(reader, data, receivedAt);
    case MESSAGE.alarm:
      applyAlarmCode(attributes, reader.u8(), model);
      break;
    case MESSAGE.positionLogged:
      reader.skip(6);
      break;
    case MESSAGE.positionImage:
      reader.skip(2); // image index, upload type
      break;
    case MESSAGE.rfid:
      // Card slots as u32 numbers; the driver is the last card present.
      for (let slot = 1; slot <= RFID_SLOTS; slot++) {
        const card = reader.u32();
        if (card === 0) continue;
        attributes[`card${slot}`] = attributes[KEY.driverUniqueId] = String(card).padStart(10, '0');
      }
      return readRfidSentence(reader.ascii(reader.remaining), position) ? [position] : [];
  }
  const text = reader.ascii(reader.remaining);
  switch (command) {
    case MESSAGE.position:
    case MESSAGE.positionLogged:
    case MESSAGE.alarm:
    case MESSAGE.positionImage:
      return readRegularSentence(text, position) ? [position] : [];
    case MESSAGE.obdRealTime:
      return readObdRealTime(text, attributes) ? [position] : [];
    case MESSAGE.obdTotals:
      return readObdTotals(text, attributes) ? [position] : [];
    case MESSAGE.troubleCodes:
      attributes[KEY.dtcs] = text.replaceAll(',', ' ');
      return [position];
    default:
      return [];
  }
}

/** Stored reports sent again: a count, then records of an alarm byte and a sentence, separated by `\`. */
function readRetransmission(reader: ByteReader, data: Buffer, receivedAt: Date): DecodedPosition[] {
  const positions: DecodedPosition[] = [];
  const count = reader.u8();
  for (let i = 0; i < count && reader.remaining > 0; i++) {
    reader.skip(1); // alarm code
    const end = data.indexOf(RECORD_SEPARATOR, reader.position);
    const sentence = reader.ascii((end < 0 ? data.length : end) - reader.position);
    const position = newPosition(receivedAt);
    if (readRegularSentence(sentence, position)) positions.push(position);
    if (reader.remaining > 0) reader.skip(1);
  }
  return positions;
}
