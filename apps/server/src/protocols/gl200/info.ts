import { cellTower } from './location.ts';
import { IMEI, NAME, reportPattern, TAIL, VERSION, matchReport } from './patterns.ts';
import { macAddress, newPosition, set, setNetwork, setReportTime, useLastFix, type CellTower, type DecodeContext, type Report } from './position.ts';
import { Fields, parseDecimal, parseHex, parseInteger, parseTime, present } from './values.ts';

/** The motion state of INF reports: ignition (where wired) and whether the device moves. */
const STATES = new Map<number, { ignition?: boolean; motion: boolean }>([
  [0x11, { ignition: false, motion: false }],
  [0x12, { ignition: false, motion: true }],
  [0x16, { ignition: false, motion: true }],
  [0x1a, { ignition: false, motion: true }],
  [0x21, { ignition: true, motion: false }],
  [0x22, { ignition: true, motion: true }],
  [0x41, { motion: false }],
  [0x42, { motion: true }],
]);

/**
 * INF, the device information report (answer to a request, or periodic): state, ICCID, signal,
 * power supply and battery. No location of its own. Returns null for the GT300's layout, whose
 * protocol version field is missing (the IMEI is in its place).
 */
export function decodeInformation(fields: Fields, context: DecodeContext): Report | null {
  fields.skip(); // header
  const version = fields.next();
  if (version.length > 10) return null;
  const uniqueId = fields.next();
  const model = context.model(version);
  const position = newPosition(context);
  fields.skip(); // device name

  const state = fields.hex();
  const flags = state === undefined ? undefined : STATES.get(state);
  if (flags) {
    set(position, 'ignition', flags.ignition);
    set(position, 'motion', flags.motion);
  }
  set(position, 'iccid', fields.next());
  set(position, 'rssi', fields.int());
  fields.skip(2); // signal quality, external power supply
  // Models with a BLE sensor put its MAC address, temperature and humidity here.
  if (fields.peek(1).length >= 12) {
    fields.skip();
    set(position, 'deviceTemp', parseInteger(fields.next()));
    set(position, 'humidity', parseInteger(fields.next()));
  }

  // Millivolts of the external supply, or on some models the odometer in km.
  const supply = fields.next();
  if (supply.includes('.')) set(position, 'odometer', parseDecimal(supply) * 1000);
  else if (supply !== '') set(position, 'power', parseInteger(supply) / 1000);
  if (model === 'GV350M' || model === 'GV310LAU') {
    fields.skip(); // expansion mask, or network type
  } else if (model !== 'GV500VC') {
    const secondSupply = fields.int();
    if (secondSupply !== undefined) set(position, 'power2', secondSupply / 1000);
  }
  set(position, 'battery', fields.decimal());
  // A set charging flag is followed by the charging state itself.
  if (fields.next() !== '') {
    if (parseInteger(fields.next()) === 1) set(position, 'charge', true);
  }
  if (model === 'GV310LAU') {
    fields.skip(5); // LED state, power saving mode, external antenna, last fix time, pin mask
    for (const n of [1, 2, 3]) set(position, `adc${n}`, parseInteger(fields.next()));
  }

  setReportTime(position, fields.time(), context);
  useLastFix(position);
  return { uniqueId, positions: [position] };
}

const VER = reportPattern(
  String.raw`\+(?:RESP|BUFF):GTVER,`,
  VERSION,
  IMEI,
  NAME,
  String.raw`(?<deviceType>[^,]*),(?<firmware>[0-9a-fA-F]{4}),(?<hardware>[0-9a-fA-F]{4}),(?<time>\d{14}),[0-9a-fA-F]{4}(?:\$)?`,
);

/** VER, the version report: device type, firmware and hardware versions (`0A03` is 10.03, stored as 2563 as Traccar does). */
export function decodeVersion(sentence: string, context: DecodeContext): Report | null {
  const groups = matchReport(VER, sentence);
  if (!groups) return null;
  const position = newPosition(context);
  set(position, 'deviceType', groups.deviceType);
  set(position, 'versionFw', String(parseHex(groups.firmware ?? '')));
  set(position, 'versionHw', String(parseHex(groups.hardware ?? '')));
  useLastFix(position, parseTime(groups.time ?? ''));
  return { uniqueId: groups.imei, positions: [position] };
}

const GSM = reportPattern(String.raw`\+RESP:GTGSM,`, VERSION, IMEI, String.raw`(?:STR|CTN|NMR|RTL),(?<cells>.*)`, TAIL);

/** GSM, the cells around a GL-series tracker: six neighbours of country, network, area, cell, signal and a reserved field. */
export function decodeCells(sentence: string, context: DecodeContext): Report | null {
  const groups = matchReport(GSM, sentence);
  if (!groups) return null;
  const position = newPosition(context);
  useLastFix(position);
  const cells = new Fields(groups.cells ?? '');
  const towers: CellTower[] = [];
  for (let n = 0; n < 6; n += 1) {
    cells.index = n * 6;
    if (cells.peek() === '') continue;
    const mcc = parseInteger(cells.next());
    const mnc = parseInteger(cells.next());
    const tower = cellTower(mcc, mnc, parseHex(cells.next()), parseHex(cells.next()), parseInteger(cells.next()));
    if (tower) towers.push(tower);
  }
  setNetwork(position, towers);
  return { uniqueId: groups.imei, positions: [position] };
}

/** LBS, the cell-based report of GL50-series asset trackers: battery level and up to seven cells. */
export function decodeCellReport(fields: Fields, context: DecodeContext): Report {
  fields.skip(2); // header, protocol version
  const uniqueId = fields.next();
  const position = newPosition(context);
  fields.skip(3); // device name, trigger type, report type
  set(position, 'batteryLevel', parseInteger(fields.next()));
  fields.skip(5); // reserved, motion status, reserved, reserved, component expansion mask
  const towers: CellTower[] = [];
  for (let n = 0; n <= 6; n += 1) {
    if (fields.peek(1) !== '') {
      const mcc = parseInteger(fields.next());
      const mnc = parseInteger(fields.next());
      const tower = cellTower(mcc, mnc, parseHex(fields.next()), parseHex(fields.next()), parseInteger(fields.next()));
      if (tower) towers.push(tower);
    } else {
      fields.skip(5);
    }
    fields.skip(); // reserved
  }
  setNetwork(position, towers);
  useLastFix(position, fields.time());
  return { uniqueId, positions: [position] };
}

const WIF = reportPattern(
  String.raw`\+RESP:GTWIF,`,
  VERSION,
  IMEI,
  NAME,
  String.raw`\d+,(?<networks>(?:[0-9a-fA-F]{12},-?\d+,,,,)+),,,,(?<batteryLevel>\d{1,3}),`,
  TAIL,
);

const WIFI_NETWORK = /([0-9a-fA-F]{12}),(-?\d+),,,,/g;

/** WIF, the Wi-Fi networks a GL-series tracker sees, for locating it without GPS. */
export function decodeWifi(sentence: string, context: DecodeContext): Report | null {
  const groups = matchReport(WIF, sentence);
  if (!groups) return null;
  const position = newPosition(context);
  useLastFix(position);
  const networks = [...(groups.networks ?? '').matchAll(WIFI_NETWORK)].map(([, mac, signal]) => ({
    macAddress: macAddress(mac),
    signalStrength: parseInteger(signal),
  }));
  setNetwork(position, [], networks);
  if (present(groups.batteryLevel)) set(position, 'batteryLevel', parseInteger(groups.batteryLevel));
  return { uniqueId: groups.imei, positions: [position] };
}
