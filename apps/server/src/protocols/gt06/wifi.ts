import type { DecodeResult } from '../codec.ts';
import { buildNetwork, type CellTower, type WifiAccessPoint } from '../kit/network.ts';
import { dbm } from './lbs.ts';
import type { Message } from './message.ts';
import { newPosition } from './position.ts';
import type { ByteReader } from './reader.ts';
import { timeEcho } from './replies.ts';

/** 0xF3 lists access points without their signal, each after two bytes of its own, and no cells. */
const WIFI_4 = 0xf3;

/** `aa:bb:cc:dd:ee:ff`, as Traccar stores MAC addresses. */
export function macAddress(bytes: Buffer): string {
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}

/** Two BCD digits per byte: `yy MM dd HH mm ss`, in UTC. */
function bcdTime(time: Buffer): Date {
  const [year, month, day, hour, minute, second] = [...time].map((byte) => (byte >> 4) * 10 + (byte & 0x0f));
  return new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
}

/**
 * Wi-Fi scans (0x17, 0x69, 0xF3), sent without a fix for the server to locate the device: the
 * scan time, the access points (MAC, signal), then the cells around (one mcc and mnc, then lac,
 * cell id, signal each). Their access point count is where other frames have their length field.
 * The device waits for its time echoed back (not for 0xF3).
 */
export function readWifiScan(reader: ByteReader, message: Message, countByte: number): DecodeResult {
  const time = reader.bytes(6);
  const position = newPosition(bcdTime(time));
  const wide = message.type === WIFI_4;
  if (wide) {
    const macs: string[] = [];
    for (let count = reader.u8(); count > 0; count--) {
      reader.skip(2);
      macs.push(macAddress(reader.bytes(6)));
    }
    if (macs.length > 0) position.network = { radioType: 'gsm', considerIp: false, wifiAccessPoints: macs.map((mac) => ({ macAddress: mac })) };
    return { positions: [position] };
  }

  const wifis: WifiAccessPoint[] = [];
  for (let i = 0; i < countByte; i++) wifis.push({ macAddress: macAddress(reader.bytes(6)), signalStrength: dbm(reader.u8()) });

  const cells: CellTower[] = [];
  const cellCount = reader.u8();
  const mcc = reader.u16();
  const mnc = reader.u8();
  for (let i = 0; i < cellCount; i++) {
    cells.push({ mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: reader.u16(), cellId: reader.u16(), signalStrength: dbm(reader.u8()) });
  }
  position.network = buildNetwork(cells, wifis);
  return { positions: [position], reply: timeEcho(message.type, time) };
}
