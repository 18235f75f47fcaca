import dgram from 'node:dgram';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ConnectionState, StreamCodec } from '../src/protocols/codec.ts';
import type { DecodedPosition } from '../src/protocols/types.ts';
import { STREAM_CODECS } from '../src/protocols/codecs.ts';
import { frameOf, type VectorFile } from '../src/protocols/kit/conformance.ts';
import { readFileSync } from 'node:fs';
import { withServer } from './harness.ts';

/**
 * Every registered protocol end to end: a device identified by its own frames (taken from
 * Traccar's test vectors), over a real socket, through the pipeline, stored and served by the API.
 * The frames are chosen by decoding them here: the first that names a device, then the first that
 * carries a valid position, both with a matching checksum.
 */
interface Conversation {
  uniqueId: string;
  frames: Buffer[];
  expected: { latitude: number; longitude: number };
}

/** Text protocols' ends, which Traccar's tests leave out (its frame decoder strips them). */
const ENDS = ['', '\r\n', '\r', '\n', '#', ';', '$', ']', ')', '\r\n#'];

/** The frame as the device sends it: as tested, or with the end the splitter needs to take it whole. */
function wholeFrame(codec: StreamCodec, frame: Buffer): Buffer | null {
  for (const end of ENDS) {
    const candidate = Buffer.concat([frame, Buffer.from(end, 'latin1')]);
    try {
      if (codec.frameLength(candidate) === candidate.length) return candidate;
    } catch {
      return null;
    }
  }
  return null;
}

function conversationOf(codec: StreamCodec, file: VectorFile, transport: 'tcp' | 'udp'): Conversation | null {
  for (const session of new Set(file.vectors.map((v) => v.session))) {
    const state: ConnectionState = { device: null, data: {} };
    let login: Buffer | null = null;
    for (const vector of file.vectors.filter((v) => v.session === session && !v.settings && (transport === 'udp' || !v.transport))) {
      const frame = wholeFrame(codec, frameOf(vector));
      if (!frame || (codec.checksumValid && !codec.checksumValid(frame))) continue;
      let result;
      try {
        result = codec.decode(frame, state, new Date());
      } catch {
        continue;
      }
      // The API serves the device's latest fix: expect the frame's latest.
      const fix = [...(result.positions ?? [])].sort((a, b) => b.fixTime.getTime() - a.fixTime.getTime())[0] as DecodedPosition | undefined;
      const located = fix && fix.valid && !fix.outdated && (fix.latitude !== 0 || fix.longitude !== 0);
      if (result.uniqueId) {
        if (located) return { uniqueId: result.uniqueId, frames: [frame], expected: fix };
        // A login: the positions that follow belong to it.
        if (!result.positions?.length) {
          login = frame;
          state.device = { id: 1, uniqueId: result.uniqueId };
        }
      } else if (located && login && state.device) {
        return { uniqueId: state.device.uniqueId, frames: [login, frame], expected: fix };
      }
    }
  }
  return null;
}

function vectorsOf(protocol: string): VectorFile {
  return JSON.parse(readFileSync(new URL(`../src/protocols/vectors/traccar/${protocol}.json`, import.meta.url), 'utf8')) as VectorFile;
}

async function sendTcp(port: number, frames: Buffer[]): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  // One frame at a time, as a device waits for its login to be answered.
  for (const frame of frames) {
    socket.write(frame);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return socket;
}

describe('every protocol through the whole server', () => {
  const { server, admin } = withServer({ dialect: 'sqlite' });

  for (const entry of STREAM_CODECS) {
    it(`${entry.name}: a device's own frames over a real socket are stored and served by the API`, async () => {
      // Over TCP where the protocol has it and its vectors hold a whole conversation, else over UDP.
      const tcp = entry.tcp ? conversationOf(entry.tcp, vectorsOf(entry.name), 'tcp') : null;
      const udp = !tcp && entry.udp ? conversationOf(entry.udp, vectorsOf(entry.name), 'udp') : null;
      const conversation = tcp ?? udp;
      expect(conversation, 'a vector pair that identifies a device and carries a fix').not.toBeNull();
      const { uniqueId, frames, expected } = conversation!;
      const device = await admin.json('POST', '/api/devices', { name: `${entry.name} tracker`, uniqueId });
      let close: () => void;
      if (tcp) {
        const socket = await sendTcp(server.port(entry.name), frames);
        close = () => socket.destroy();
      } else {
        const socket = dgram.createSocket('udp4');
        for (const frame of frames) await new Promise<void>((resolve) => socket.send(frame, server.port(entry.name, 'udp'), '127.0.0.1', () => resolve()));
        close = () => socket.close();
      }
      try {
        await expect.poll(async () => (await admin.json('GET', `/api/devices?id=${device.id}`))[0].positionId, { timeout: 5000 }).toBeGreaterThan(0);
        const [position] = await admin.json('GET', `/api/positions?deviceId=${device.id}`);
        expect(position).toMatchObject({ protocol: entry.name, deviceId: device.id });
        expect(position.latitude).toBeCloseTo(expected.latitude, 5);
        expect(position.longitude).toBeCloseTo(expected.longitude, 5);
      } finally {
        close();
        // Traccar's tests reuse identifiers across protocols: each test leaves its own free.
        await admin.request('DELETE', `/api/devices/${device.id}`);
      }
    });
  }
});
