/**
 * bench/ingest-mix: durable ingestion with a mix of protocols against one server. Trackers of
 * eight protocols (GT06, Teltonika codec 8, JT808, Queclink GL200 text, H02 text, Suntech text,
 * Meitrack, GPS103), each on its own TCP connection and under its own identifier, stream
 * positions with increasing times at once. Where the protocol acknowledges each message (GT06,
 * Teltonika, JT808, GL200 with `gl200.ack`, H02's V1 confirmation) the acknowledgements pace the
 * tracker (at most BENCH_WINDOW unacknowledged); the others (Suntech, Meitrack, GPS103) write as
 * fast as their socket takes it, and are done when the API's latest position of each of their
 * devices is its last one sent. A position counts only when the API returns it afterwards
 * (`/api/positions?deviceId&from&to` per device). Runs on SQLite, and on PostgreSQL when reachable.
 *
 *   npm run bench -- ingest-mix        (after a build; `npm run bench` builds first)
 *
 * Every frame builder is checked first against the server's own codec (device named, fix time and
 * place as sent, an answer exactly where the bench waits for one). Besides the rates, the bench
 * prints the CPU time of the server, of itself, of PostgreSQL and of the whole machine over the
 * timed part: the machine is usually shared, and the rate follows the CPU the server gets.
 *
 * BENCH_DEVICES: trackers per protocol (25); BENCH_PER_DEVICE: positions per tracker (500);
 * BENCH_WINDOW (16); BENCH_PROTOCOLS=gt06,h02…: a subset; BENCH_SOLO=1: also each protocol alone
 * with as many trackers as the whole mix, and each codec's decoding cost per frame;
 * BENCH_DATABASES=sqlite,postgresql; BENCH_PG_URL (an existing database to connect to, default
 * postgres://postgres@127.0.0.1:5432/test; the bench creates `rastro_bench_mix` beside it);
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" (bench/lib.ts): the timed part's bounds are
 * printed on the profile's clock.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import pg from 'pg';
import type { ConnectionState } from '../apps/server/src/protocols/codec.ts';
import { fixedSettings } from '../apps/server/src/protocols/codec.ts';
import { codecsOf } from '../apps/server/src/protocols/codecs.ts';
import { classicCell, gpsBlock, gt06Frame, loginFrame } from '../apps/server/src/protocols/gt06/test-frames.ts';
import { enclose, xor } from '../apps/server/src/protocols/jt808/frame.ts';
import { bcdTime } from '../apps/server/src/protocols/jt808/time.ts';
import { deviceFrame } from '../apps/server/src/protocols/meitrack/test-frames.ts';
import { CODEC_8 } from '../apps/server/src/protocols/teltonika/io-groups.ts';
import { avlData, gpsRecord, imeiFrame, tcpPacket } from '../apps/server/src/protocols/teltonika/test-frames.ts';
import { api, freePort, login, machine, startServer, type ServerProcess } from './lib.ts';

const PER_PROTOCOL = Number(process.env.BENCH_DEVICES ?? 25);
const PER_DEVICE = Number(process.env.BENCH_PER_DEVICE ?? 500);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 16);
const SOLO = process.env.BENCH_SOLO === '1';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').split(',');
/** Nothing acknowledged and no latest position moved for this long: what is missing is lost. */
const STALL_MS = 10_000;
const POLL_MS = 100;
const PROFILING = (process.env.BENCH_SERVER_NODE_ARGS ?? '').includes('--cpu-prof');

// ---------------------------------------------------------------------------------------------
// Frame builders, one per protocol, from each protocol's layout (apps/server/src/protocols/<name>/).

interface Fix {
  time: Date;
  latitude: number;
  longitude: number;
  speedKmh: number;
  course: number;
}

const pad = (n: number, width: number) => String(Math.trunc(n)).padStart(width, '0');
/** UTC fields of a time: yyyy, MM, dd, HH, mm, ss. */
function utc(time: Date): [string, string, string, string, string, string] {
  return [
    pad(time.getUTCFullYear(), 4), pad(time.getUTCMonth() + 1, 2), pad(time.getUTCDate(), 2),
    pad(time.getUTCHours(), 2), pad(time.getUTCMinutes(), 2), pad(time.getUTCSeconds(), 2),
  ];
}
/** NMEA-style degrees and minutes, `ddmm.mmmm` (degree digits as given), without the sign. */
function degreesMinutes(value: number, degreeDigits: number): string {
  const tenThousandths = Math.round(Math.abs(value) * 60 * 10_000); // of a minute
  const degrees = Math.floor(tenThousandths / 600_000);
  const minutes = (tenThousandths - degrees * 600_000) / 10_000;
  return `${pad(degrees, degreeDigits)}${minutes.toFixed(4).padStart(7, '0')}`;
}
const KNOTS_PER_KMH = 1 / 1.852;

/** Counts the acknowledgements in a connection's received bytes, chunk by chunk (state kept between chunks). */
type AckCounter = (chunk: Buffer) => number;

function fixedLength(length: number): () => AckCounter {
  return () => {
    let pending = 0;
    return (chunk) => {
      pending += chunk.length;
      const acks = Math.floor(pending / length);
      pending -= acks * length;
      return acks;
    };
  };
}

/** Acknowledgements ending with `byte` (each `per` occurrences of it close one). */
function endingWith(byte: number, per = 1): () => AckCounter {
  return () => {
    let seen = 0;
    return (chunk) => {
      let count = 0;
      for (let at = chunk.indexOf(byte); at >= 0; at = chunk.indexOf(byte, at + 1)) count++;
      const before = Math.floor(seen / per);
      seen += count;
      return Math.floor(seen / per) - before;
    };
  };
}

interface Protocol {
  /** The server's protocol name (and port setting). */
  name: string;
  uniqueId: (i: number) => string;
  /** Device attributes set when the bench creates the device. */
  attributes?: Record<string, unknown>;
  /** A frame that names the device and is acknowledged, sent before the positions. */
  login?: (uniqueId: string) => Buffer;
  position: (uniqueId: string, seq: number, fix: Fix) => Buffer;
  /** How the login's and, with `positionsAcked`, every position's acknowledgement is counted. */
  acks?: () => AckCounter;
  positionsAcked: boolean;
}

const JT808_ZONE = 'GMT+8'; // the protocol's default time zone (jt808/time.ts)

/** A JT808 message: type, attribute (body length), 6-byte BCD terminal id, serial, body, XOR; delimited and escaped. */
function jt808Message(terminal: string, type: number, serial: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(body.length, 2);
  const index = Buffer.alloc(2);
  index.writeUInt16BE(serial & 0xffff);
  const message = Buffer.concat([head, Buffer.from(terminal, 'hex'), index, body]);
  return enclose(Buffer.concat([message, Buffer.from([xor(message)])]), 0x7e);
}
/** The BCD terminal id (12 digits) of a uniqueId (the id without its padding zeros). */
const terminalOf = (uniqueId: string) => uniqueId.padStart(12, '0');

/** Teltonika's record count acknowledgement is 4 bytes; the IMEI's is one byte (0x01). */
function teltonikaAcks(): AckCounter {
  let loggedIn = false;
  const records = fixedLength(4)();
  return (chunk) => {
    if (loggedIn) return records(chunk);
    loggedIn = true;
    return 1 + records(chunk.subarray(1));
  };
}

const PROTOCOLS: Protocol[] = [
  {
    name: 'gt06',
    uniqueId: (i) => `86000000${pad(i, 7)}`,
    login: (imei) => loginFrame(imei),
    position: (_imei, seq, fix) =>
      gt06Frame(0x12, Buffer.concat([gpsBlock(fix), classicCell(724, 5, 1000, 2000)]), { serial: (seq + 2) & 0xffff }),
    acks: fixedLength(10),
    positionsAcked: true,
  },
  {
    name: 'teltonika',
    uniqueId: (i) => `35200000${pad(i, 7)}`,
    login: (imei) => imeiFrame(imei),
    position: (_imei, _seq, fix) => tcpPacket(avlData(CODEC_8, [gpsRecord(CODEC_8, {
      time: fix.time, latitude: fix.latitude, longitude: fix.longitude, altitude: 760, angle: fix.course, satellites: 9, speedKph: fix.speedKmh,
      io: [{ id: 239, width: 1, value: 1 }, { id: 66, width: 2, value: 12_800 }, { id: 16, width: 4, value: 123_456 }],
    })])),
    acks: () => teltonikaAcks(),
    positionsAcked: true,
  },
  {
    name: 'jt808',
    // 12 BCD digits on the wire; the server names the device without the padding zeros.
    uniqueId: (i) => `139${pad(i, 8)}`,
    // Authentication (0x0102) with its code: answered by the general response.
    login: (id) => jt808Message(terminalOf(id), 0x0102, 0, Buffer.from(id, 'latin1')),
    position: (id, seq, fix) => {
      const body = Buffer.alloc(28);
      body.writeUInt32BE(0, 0); // alarms
      body.writeUInt32BE(0x01 | 0x02 | (fix.latitude < 0 ? 0x04 : 0) | (fix.longitude < 0 ? 0x08 : 0), 4); // ignition, fix, S, W
      body.writeUInt32BE(Math.round(Math.abs(fix.latitude) * 1e6), 8);
      body.writeUInt32BE(Math.round(Math.abs(fix.longitude) * 1e6), 12);
      body.writeInt16BE(760, 16);
      body.writeUInt16BE(Math.round(fix.speedKmh * 10), 18);
      body.writeUInt16BE(fix.course, 20);
      bcdTime(fix.time, JT808_ZONE).copy(body, 22);
      return jt808Message(terminalOf(id), 0x0200, seq + 1, body);
    },
    acks: endingWith(0x7e, 2),
    positionsAcked: true,
  },
  {
    name: 'gl200',
    uniqueId: (i) => `86289400${pad(i, 7)}`,
    // Every message answered with `+SACK:<count>$` (gl200/text.ts), as devices configured to wait for it.
    attributes: { 'gl200.ack': true },
    position: (imei, seq, fix) => {
      const time = utc(fix.time).join('');
      const fields = [
        '+RESP:GTFRI', '060228', imei, '', '15153', '10', '1',
        '1', fix.speedKmh.toFixed(1), String(fix.course), '431.7', fix.longitude.toFixed(6), fix.latitude.toFixed(6), time, '0724', '0005', '6AD4', '80EF', '00',
        '34.9', '00117:31:26', '13442', '15163', '0', '210101', '', '', '', time, (seq & 0xffff).toString(16).toUpperCase().padStart(4, '0'),
      ];
      return Buffer.from(`${fields.join(',')}$`, 'latin1');
    },
    acks: endingWith(0x24), // '$'
    positionsAcked: true,
  },
  {
    name: 'h02',
    uniqueId: (i) => `42${pad(i, 8)}`,
    // V1 reports are confirmed with `*HQ,<id>,V4,V1,<time>#` (h02/text.ts).
    position: (id, _seq, fix) => {
      const [yyyy, MM, dd, HH, mm, ss] = utc(fix.time);
      return Buffer.from(
        `*HQ,${id},V1,${HH}${mm}${ss},A,${degreesMinutes(fix.latitude, 2)},${fix.latitude < 0 ? 'S' : 'N'},` +
          `${degreesMinutes(fix.longitude, 3)},${fix.longitude < 0 ? 'W' : 'E'},${(fix.speedKmh * KNOTS_PER_KMH).toFixed(2)},${fix.course},` +
          `${dd}${MM}${yyyy.slice(2)},FFFFFBFF#`,
        'latin1',
      );
    },
    acks: endingWith(0x23), // '#'
    positionsAcked: true,
  },
  {
    name: 'suntech',
    uniqueId: (i) => `3${pad(i, 8)}`,
    // Suntech is never answered (suntech/codec.ts).
    position: (id, seq, fix) => {
      const [yyyy, MM, dd, HH, mm, ss] = utc(fix.time);
      return Buffer.from(
        `ST300STT;${id};05;527;${yyyy}${MM}${dd};${HH}:${mm}:${ss};be139;${fix.latitude.toFixed(6)};${fix.longitude.toFixed(6)};` +
          `${fix.speedKmh.toFixed(3)};${fix.course.toFixed(2)};11;1;${5000 + seq};13.20;100000;2;${pad(seq % 10_000, 4)}\r`,
        'latin1',
      );
    },
    positionsAcked: false,
  },
  {
    name: 'meitrack',
    uniqueId: (i) => `35335800${pad(i, 7)}`,
    // Periodic AAA reports are not answered (only the CCC batches and AAC are, meitrack/decoder.ts).
    position: (imei, seq, fix) => {
      const [yyyy, MM, dd, HH, mm, ss] = utc(fix.time);
      const data = `AAA,35,${fix.latitude.toFixed(6)},${fix.longitude.toFixed(6)},${yyyy.slice(2)}${MM}${dd}${HH}${mm}${ss},A,9,22,${Math.round(fix.speedKmh)},` +
        `${fix.course},1.0,760,${1000 + seq},1125,724|5|03E8|07D0,0402,0001||0002|0188|0473,,,1,0a32`;
      return deviceFrame('Q', imei, data);
    },
    positionsAcked: false,
  },
  {
    name: 'gps103',
    uniqueId: (i) => `35971000${pad(i, 7)}`,
    // The login is answered with LOAD; reports are not answered (gps103/decoder.ts).
    login: (imei) => Buffer.from(`##,imei:${imei},A;`, 'latin1'),
    position: (imei, _seq, fix) => {
      const [yyyy, MM, dd, HH, mm, ss] = utc(fix.time);
      return Buffer.from(
        `imei:${imei},tracker,${yyyy.slice(2)}${MM}${dd}${HH}${mm}${ss},,F,${HH}${mm}${ss}.000,A,${degreesMinutes(fix.latitude, 2)},${fix.latitude < 0 ? 'S' : 'N'},` +
          `${degreesMinutes(fix.longitude, 3)},${fix.longitude < 0 ? 'W' : 'E'},${(fix.speedKmh * KNOTS_PER_KMH).toFixed(2)},${fix.course};`,
        'latin1',
      );
    },
    acks: fixedLength(4), // LOAD
    positionsAcked: false,
  },
];

const wanted = process.env.BENCH_PROTOCOLS?.split(',').map((name) => name.trim()).filter(Boolean);
const MIX = wanted ? PROTOCOLS.filter((p) => wanted.includes(p.name)) : PROTOCOLS;
if (wanted && MIX.length !== wanted.length) throw new Error(`BENCH_PROTOCOLS: known are ${PROTOCOLS.map((p) => p.name).join(', ')}`);

/** Tracker `i`'s `seq`-th fix: one a second, ~40 km/h to the south-east from its own start. */
function fixOf(start: number, seq: number, i: number): Fix {
  return {
    time: new Date(start + seq * 1000),
    latitude: -23.55 - (i % 50) * 1e-3 - seq * 7e-5,
    longitude: -46.63 - Math.floor(i / 50) * 1e-3 + seq * 7e-5,
    speedKmh: 38 + (seq % 5),
    course: 135,
  };
}

/**
 * Decodes each protocol's frames with the server's own codec before anything is timed: the
 * device is named as registered, the fix time and place are the ones sent, and an answer comes
 * exactly where the bench waits for one.
 */
function checkBuilders(protocols: Protocol[]): void {
  const start = Math.floor(Date.now() / 1000) * 1000 - 2 * 86400_000;
  for (const protocol of protocols) {
    const codec = codecsOf(protocol.name)?.tcp;
    if (!codec) throw new Error(`${protocol.name}: no TCP codec`);
    const uniqueId = protocol.uniqueId(7);
    const state: ConnectionState = { device: null, data: {}, settings: fixedSettings(protocol.attributes ?? {}) };
    const fail = (what: string) => {
      throw new Error(`bench frame builder for ${protocol.name}: ${what}`);
    };
    const decodeOne = (frame: Buffer) => {
      if (codec.frameLength(frame) !== frame.length) fail(`framed as ${codec.frameLength(frame)} of ${frame.length} bytes`);
      if (codec.checksumValid && !codec.checksumValid(frame)) fail('bad checksum');
      const result = codec.decode(frame, state, new Date());
      if (result.uniqueId && result.uniqueId !== uniqueId) fail(`names ${result.uniqueId}, not ${uniqueId}`);
      if (result.uniqueId) state.device = { id: 1, uniqueId };
      return result;
    };
    let loginReply: Buffer | undefined;
    if (protocol.login) {
      loginReply = decodeOne(protocol.login(uniqueId)).reply;
      if (!loginReply) fail('login not answered');
      if (protocol.acks!()(loginReply!) !== 1) fail(`login answer ${loginReply!.toString('hex')} not counted as one`);
    }
    for (const seq of [0, 1, 59, 61]) {
      const fix = fixOf(start, seq, 7);
      const result = decodeOne(protocol.position(uniqueId, seq, fix));
      if (!state.device) fail('the device was not named');
      const position = result.positions?.[0];
      if (result.positions?.length !== 1 || !position) fail(`${result.positions?.length ?? 0} positions`);
      if (position!.fixTime.getTime() !== fix.time.getTime()) fail(`fix time ${position!.fixTime.toISOString()}, sent ${fix.time.toISOString()}`);
      if (Math.abs(position!.latitude - fix.latitude) > 1e-5 || Math.abs(position!.longitude - fix.longitude) > 1e-5) {
        fail(`at ${position!.latitude},${position!.longitude}, sent ${fix.latitude},${fix.longitude}`);
      }
      if (!position!.valid || position!.outdated) fail('not a valid fix');
      if (protocol.positionsAcked) {
        if (!result.reply) fail('position not answered');
        const counter = protocol.acks!();
        if (loginReply) counter(loginReply);
        if (counter(result.reply!) !== 1) fail(`answer ${result.reply!.toString('hex')} not counted as one`);
      } else if (result.reply) {
        fail('answered, but counted as a protocol without answers');
      }
    }
  }
}

/**
 * What each protocol's own part costs, in this process: framing, checksum and decoding of one
 * position frame through the server's codec (the rest of a position's way is the same for all).
 * Rounds alternate the protocols; the best round counts, the least disturbed by other work.
 */
function decodeCost(protocols: Protocol[]): string[] {
  const start = Math.floor(Date.now() / 1000) * 1000 - 2 * 86400_000;
  const FRAMES = 2000;
  const best = new Map<string, number>();
  for (let round = 0; round < 7; round++) {
    for (const protocol of protocols) {
      const codec = codecsOf(protocol.name)!.tcp!;
      const uniqueId = protocol.uniqueId(1);
      const frames = Array.from({ length: FRAMES }, (_, seq) => protocol.position(uniqueId, seq, fixOf(start, seq, 1)));
      const state: ConnectionState = { device: { id: 1, uniqueId }, data: {}, settings: fixedSettings(protocol.attributes ?? {}) };
      const t0 = performance.now();
      for (const frame of frames) {
        if (codec.frameLength(frame) !== frame.length || (codec.checksumValid && !codec.checksumValid(frame))) throw new Error(`${protocol.name}: frame refused`);
        codec.decode(frame, state, new Date());
      }
      const micros = ((performance.now() - t0) * 1000) / FRAMES;
      if (round > 0) best.set(protocol.name, Math.min(best.get(protocol.name) ?? Infinity, micros)); // round 0 warms up
    }
  }
  return protocols.map((p) => `${p.name} ${best.get(p.name)!.toFixed(1)} µs`);
}

// ---------------------------------------------------------------------------------------------
// Trackers

interface Tracker {
  protocol: Protocol;
  uniqueId: string;
  deviceId: number;
  socket: net.Socket;
  frames: Buffer[];
  lastFixTime: number;
  acked: number;
  onAck: (() => void) | null;
  /** performance.now() when its last position was acknowledged (acknowledging protocols). */
  doneAt: number | null;
}

/** When any tracker last received an acknowledgement. */
let lastAckAt = 0;

async function connect(port: number, protocol: Protocol, uniqueId: string, deviceId: number): Promise<Tracker> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  const tracker: Tracker = { protocol, uniqueId, deviceId, socket, frames: [], lastFixTime: 0, acked: 0, onAck: null, doneAt: null };
  const count = protocol.acks?.();
  socket.on('data', (chunk: Buffer) => {
    if (!count) return;
    const acks = count(chunk);
    if (acks === 0) return;
    tracker.acked += acks;
    lastAckAt = performance.now();
    tracker.onAck?.();
  });
  socket.on('error', (error) => console.warn(`${protocol.name} ${uniqueId}: ${error.message}`));
  await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('error', reject));
  if (protocol.login) {
    socket.write(protocol.login(uniqueId));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${protocol.name} ${uniqueId}: login not answered`)), 10_000);
      tracker.onAck = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    tracker.onAck = null;
    tracker.acked = 0;
  }
  return tracker;
}

/** Acknowledging protocols: at most WINDOW unacknowledged; the others: as fast as the socket takes it. */
async function stream(tracker: Tracker): Promise<void> {
  const { socket, frames } = tracker;
  let sent = 0;
  if (!tracker.protocol.positionsAcked) {
    while (sent < frames.length) {
      if (!socket.write(frames[sent++])) await new Promise((resolve) => socket.once('drain', resolve));
    }
    return;
  }
  await new Promise<void>((resolve) => {
    const pump = () => {
      while (sent < frames.length && sent - tracker.acked < WINDOW) socket.write(frames[sent++]);
      if (tracker.acked >= frames.length) {
        tracker.doneAt = performance.now();
        tracker.onAck = null;
        resolve();
      }
    };
    tracker.onAck = pump;
    pump();
  });
}

// ---------------------------------------------------------------------------------------------
// CPU accounting: the server process, this process, PostgreSQL and the whole machine over the timed part.

interface CpuSample {
  at: number;
  server: number;
  self: number;
  postgres: number;
  busy: number;
}

const TICK = 100; // USER_HZ on Linux

/** User and system CPU seconds of a process, from /proc/<pid>/stat (0 once it is gone). */
function processCpu(pid: number | string): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}

/** Every `postgres` process on the machine (the server and its backends): read only, to tell its CPU from other work. */
function postgresCpu(): number {
  let seconds = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') seconds += processCpu(pid);
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
}

function sampleCpu(pid: number): CpuSample {
  const usage = process.cpuUsage();
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + cpu[4];
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  return { at: performance.now(), server: processCpu(pid), self: (usage.user + usage.system) / 1e6, postgres: postgresCpu(), busy: (total - idle) / TICK };
}

interface CpuFigures {
  /** Server CPU seconds over the timed part. */
  server: number;
  text: string;
}

function describeCpu(before: CpuSample, after: CpuSample): CpuFigures {
  const wall = (after.at - before.at) / 1000;
  const pct = (seconds: number) => `${Math.round((seconds / wall) * 100)} %`;
  const server = after.server - before.server;
  const self = after.self - before.self;
  const postgres = after.postgres - before.postgres;
  const busy = after.busy - before.busy;
  const cores = os.cpus().length;
  const text =
    `server ${pct(server)} of a core, bench client ${pct(self)}${postgres > 0.05 ? `, PostgreSQL ${pct(postgres)}` : ''}, ` +
    `whole machine ${pct(busy)} of ${cores * 100} % (other work ${pct(Math.max(0, busy - server - self - postgres))}); ` +
    `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`;
  return { server, text };
}

// ---------------------------------------------------------------------------------------------
// One run: `protocols` × `perProtocol` trackers against one server.

interface Figures {
  protocol: string;
  trackers: number;
  sent: number;
  stored: number;
  duplicates: number;
  seconds: number;
  /** Server CPU seconds over the whole run (mixed runs: not split by protocol). */
  serverCpu?: number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function run(server: ServerProcess, ports: Record<string, number>, protocols: Protocol[], perProtocol: number): Promise<{ figures: Figures[]; total: Figures; cpu: CpuFigures }> {
  const cookie = await login(server.base);
  const trackers: Tracker[] = [];
  // whole seconds: most of these protocols carry no milliseconds
  const start = Math.floor(Date.now() / 1000) * 1000 - 2 * 86400_000;
  for (const protocol of protocols) {
    for (let i = 0; i < perProtocol; i++) {
      const uniqueId = protocol.uniqueId(i);
      const device = await api<{ id: number }>(server.base, cookie, 'POST', '/api/devices', {
        name: `${protocol.name} ${i}`, uniqueId, ...(protocol.attributes ? { attributes: protocol.attributes } : {}),
      });
      trackers.push(await connect(ports[protocol.name], protocol, uniqueId, device.id));
    }
  }
  // Frames are built before the clock starts: the client shares the machine with the server.
  trackers.forEach((tracker, n) => {
    tracker.frames = Array.from({ length: PER_DEVICE }, (_, seq) => tracker.protocol.position(tracker.uniqueId, seq, fixOf(start, seq, n)));
    tracker.lastFixTime = start + (PER_DEVICE - 1) * 1000;
  });

  const cpuBefore = sampleCpu(server.child.pid!);
  const clock0 = process.hrtime.bigint() / 1000n;
  const t0 = performance.now();
  lastAckAt = t0;
  let progressAt = t0;
  const watched = trackers.filter((t) => !t.protocol.positionsAcked);
  const doneAt = new Map<number, number>(); // deviceId -> when its last position was first seen (unacknowledged protocols)
  const writes = Promise.all(trackers.map((t) => stream(t)));
  let previous = '';
  const acknowledged = () => trackers.every((t) => !t.protocol.positionsAcked || t.doneAt !== null);
  while (!(acknowledged() && doneAt.size === watched.length)) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (watched.length && doneAt.size < watched.length) {
      const latest = await api<{ deviceId: number; fixTime: string }[]>(server.base, cookie, 'GET', '/api/positions');
      const now = performance.now();
      const byDevice = new Map(latest.map((p) => [p.deviceId, Date.parse(p.fixTime)]));
      for (const t of watched) if (!doneAt.has(t.deviceId) && byDevice.get(t.deviceId) === t.lastFixTime) doneAt.set(t.deviceId, now);
      const seen = watched.map((t) => byDevice.get(t.deviceId) ?? 0).join();
      if (seen !== previous) {
        previous = seen;
        progressAt = now;
      }
    }
    if (performance.now() - Math.max(progressAt, lastAckAt) > STALL_MS) {
      console.warn(`no progress for ${STALL_MS / 1000} s: stopped waiting`);
      break;
    }
  }
  const cpuAfter = sampleCpu(server.child.pid!);
  const clock1 = process.hrtime.bigint() / 1000n;
  await Promise.race([writes, new Promise((r) => setTimeout(r, 1000))]);
  for (const t of trackers) t.socket.destroy();

  const from = new Date(start - 1000).toISOString();
  const to = new Date(start + PER_DEVICE * 1000).toISOString();
  const figures: Figures[] = [];
  for (const protocol of protocols) {
    const mine = trackers.filter((t) => t.protocol === protocol);
    let stored = 0;
    let duplicates = 0;
    for (const t of mine) {
      const positions = await api<{ fixTime: string }[]>(server.base, cookie, 'GET', `/api/positions?deviceId=${t.deviceId}&from=${from}&to=${to}`);
      const distinct = new Set(positions.map((p) => p.fixTime)).size;
      stored += distinct;
      duplicates += positions.length - distinct;
    }
    const ends = mine.map((t) => (protocol.positionsAcked ? t.doneAt : doneAt.get(t.deviceId)) ?? performance.now());
    figures.push({ protocol: protocol.name, trackers: mine.length, sent: mine.length * PER_DEVICE, stored, duplicates, seconds: (Math.max(...ends) - t0) / 1000 });
  }
  const total: Figures = {
    protocol: 'total',
    trackers: trackers.length,
    sent: figures.reduce((n, f) => n + f.sent, 0),
    stored: figures.reduce((n, f) => n + f.stored, 0),
    duplicates: figures.reduce((n, f) => n + f.duplicates, 0),
    seconds: Math.max(...figures.map((f) => f.seconds)),
  };
  const cpu = describeCpu(cpuBefore, cpuAfter);
  total.serverCpu = cpu.server;
  // The server's CPU profile (BENCH_SERVER_NODE_ARGS=--cpu-prof…) counts time on the same monotonic clock.
  if (PROFILING) cpu.text += `; timed part ${clock0}–${clock1} µs of CLOCK_MONOTONIC (the profile's clock)`;
  return { figures, total, cpu };
}

function row(database: string, label: string, f: Figures): string {
  const lost = f.sent - f.stored;
  const cost = f.serverCpu === undefined ? '' : ` | ${((f.serverCpu / f.sent) * 1e6).toFixed(0)} µs`;
  return `| ${database} | ${label} | ${f.trackers} × ${PER_DEVICE} | ${fmt(f.sent / f.seconds)} positions/s (last after ${f.seconds.toFixed(2)} s) | ` +
    `${fmt(f.sent)} | ${fmt(f.stored)} | ${fmt(lost)}${f.duplicates ? ` (+${f.duplicates} duplicates)` : ''}${cost || ' | '} |`;
}

const describe = (p: Protocol) => `${p.name}${p.positionsAcked ? '' : ' (no acks)'}`;

/** A server on its own data: SQLite in a fresh directory, or a PostgreSQL database created for it. */
async function withServer<T>(database: Database, body: (server: ServerProcess, ports: Record<string, number>) => Promise<T>): Promise<T> {
  const ports: Record<string, number> = {};
  const env: Record<string, string> = {};
  for (const protocol of PROTOCOLS) {
    ports[protocol.name] = await freePort();
    env[`RASTRO_${protocol.name.toUpperCase()}_PORT`] = String(ports[protocol.name]);
  }
  if (database.label === 'PostgreSQL') env.DATABASE_URL = (await postgresUrl())!;
  const server = await startServer(env);
  try {
    return await body(server, ports);
  } finally {
    await server.stop();
  }
}

const HEADER = [
  '| database | protocol | trackers × positions | rate | sent | stored | lost | server CPU per position |',
  '|---|---|---|---|---|---|---|---|',
];

interface Database {
  label: 'SQLite' | 'PostgreSQL';
}

async function runDatabase(database: Database): Promise<void> {
  const { label } = database;
  const notes: string[] = [];
  console.log(['', ...HEADER].join('\n'));
  await withServer(database, async (server, ports) => {
    const { figures, total, cpu } = await run(server, ports, MIX, PER_PROTOCOL);
    for (const f of figures) console.log(row(label, describe(MIX.find((p) => p.name === f.protocol)!), f));
    console.log(row(label, `**all ${MIX.length}, mixed**`, total));
    notes.push(`${label}, mixed: ${cpu.text}`);
  });
  if (SOLO) {
    for (const protocol of MIX) {
      await withServer(database, async (server, ports) => {
        const { total, cpu } = await run(server, ports, [protocol], PER_PROTOCOL * MIX.length);
        console.log(row(label, `${describe(protocol)} alone`, total));
        notes.push(`${label}, ${protocol.name} alone: ${cpu.text}`);
      });
    }
  }
  console.log(['', 'CPU during the timed part:', ...notes.map((n) => `- ${n}`)].join('\n'));
}

const PG_DATABASE = 'rastro_bench_mix';

/** A fresh database on the PostgreSQL server (BENCH_PG_URL), or null when none is reachable. */
async function postgresUrl(): Promise<string | null> {
  const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${PG_DATABASE}`);
    await client.query(`CREATE DATABASE ${PG_DATABASE}`);
    return admin.replace(/\/[^/]*$/, `/${PG_DATABASE}`);
  } catch (error) {
    console.warn(`PostgreSQL not reachable, skipped: ${String(error)}`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

checkBuilders(MIX);
console.log(`bench/ingest-mix on ${machine()}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
console.log(`${MIX.length} protocols × ${PER_PROTOCOL} trackers × ${PER_DEVICE} positions, window ${WINDOW}`);
if (SOLO) console.log(`\nFraming, checksum and decoding of one position frame in the bench process (best of 6 rounds): ${decodeCost(MIX).join(', ')}`);
if (DATABASES.includes('sqlite')) await runDatabase({ label: 'SQLite' });
if (DATABASES.includes('postgresql') && (await postgresUrl())) await runDatabase({ label: 'PostgreSQL' });
