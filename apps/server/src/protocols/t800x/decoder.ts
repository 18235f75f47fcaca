import type { ConnectionState, DecodeResult } from '../codec.ts';
import { KEY } from '../../position/keys.ts';
import { ByteReader } from '../kit/byte-reader.ts';
import { booleanSetting, modelOf } from '../kit/settings.ts';
import type { DecodedPosition } from '../types.ts';
import { decodeBle } from './ble.ts';
import { decodeHarshEvent, decodeHarshTrack } from './driving.ts';
import { outdatedPosition } from './fields.ts';
import { acknowledgement, OBD_HEADER, PERSONAL_HEADER, readHead, type Head } from './frame.ts';
import { decodeNetworkInfo } from './network.ts';
import { ALARM, ALARM_2, decodeReport, GPS, GPS_2 } from './report.ts';

const NETWORK_OR_HARSH_TRACK = 0x05;
const HARSH_EVENT = 0x06;
const BLE = 0x10;
const NETWORK = 0x11;
const COMMAND_RESULT = 0x81;

/** Remembered so commands are written with the marker of the device's family. */
export const HEADER_KEY = 'header';

/**
 * Decodes one Topflytech message; each carries the IMEI. Every message but a location report is
 * acknowledged (login 0x01 and heartbeat 0x03 carry nothing else); alarms always are, plain
 * reports only when the `t800x.ack` setting asks for it.
 */
export function decodeT800x(frame: Buffer, state: ConnectionState, receivedAt: Date): DecodeResult {
  const reader = new ByteReader(frame, 't800x message');
  const head = readHead(reader);
  state.data[HEADER_KEY] = head.header;
  const { uniqueId } = head;

  if (head.type === GPS || head.type === GPS_2 || head.type === ALARM || head.type === ALARM_2) {
    const { position, alarm } = decodeReport(reader, head, modelOf(state));
    const alarmMessage = head.type === ALARM || head.type === ALARM_2;
    const acknowledged = alarmMessage || booleanSetting(state, 't800x.ack') === true;
    return acknowledged ? { uniqueId, positions: [position], reply: acknowledgement(head, alarm) } : { uniqueId, positions: [position] };
  }

  const positions = decodeOther(reader, head, receivedAt);
  return { uniqueId, positions, reply: acknowledgement(head) };
}

function decodeOther(reader: ByteReader, head: Head, receivedAt: Date): DecodedPosition[] {
  switch (head.type) {
    case NETWORK_OR_HARSH_TRACK:
      if (head.header === PERSONAL_HEADER) return [decodeNetworkInfo(reader)];
      return head.header === OBD_HEADER ? decodeHarshTrack(reader) : [];
    case HARSH_EVENT:
      return head.header === OBD_HEADER ? [decodeHarshEvent(reader)] : [];
    case NETWORK:
      return [decodeNetworkInfo(reader)];
    case BLE:
      return [decodeBle(reader)];
    case COMMAND_RESULT:
      return [commandResult(reader, receivedAt)];
    default:
      return [];
  }
}

/** The device's answer to a command: a mode byte, then UTF-16LE text. */
function commandResult(reader: ByteReader, receivedAt: Date): DecodedPosition {
  const position = outdatedPosition(receivedAt);
  reader.skip(1);
  position.attributes[KEY.result] = reader.rest().toString('utf16le');
  return position;
}
