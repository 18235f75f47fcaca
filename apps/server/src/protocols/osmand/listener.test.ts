import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProtocolListener } from '../types.ts';
import { RecordingContext } from '../testing/recording-context.ts';
import { startOsmAndListener } from './listener.ts';
import { loadOsmAndVectors } from './test-vectors.ts';

const KNOWN = new Set(['phone-1', 'truck-2']);

let listener: ProtocolListener | undefined;

afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

async function start(known: (uniqueId: string) => boolean = (id) => KNOWN.has(id), maxBodyBytes?: number) {
  const ctx = new RecordingContext((uniqueId) => (known(uniqueId) ? uniqueId.length : null));
  listener = await startOsmAndListener(ctx, { port: 0, host: '127.0.0.1', maxBodyBytes });
  return { ctx, base: `http://127.0.0.1:${listener.port}` };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('OsmAnd listener', () => {
  it('stores a query-string position and acknowledges it with an empty 200', async () => {
    const { ctx, base } = await start();
    const res = await fetch(`${base}/?id=phone-1&lat=-23.5614&lon=-46.6559&speed=12.5&timestamp=1700000000&ignition=true`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(ctx.identified).toEqual([{ protocol: 'osmand', uniqueId: 'phone-1', remoteAddress: '127.0.0.1' }]);
    expect(ctx.submitted).toHaveLength(1);
    const [{ device, positions }] = ctx.submitted;
    expect(device).toEqual({ id: 7, uniqueId: 'phone-1' });
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ protocol: 'osmand', latitude: -23.5614, longitude: -46.6559, speed: 12.5 });
    expect(positions[0].fixTime.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(positions[0].attributes).toEqual({ ignition: true });
  });

  it('stores a form-encoded POST', async () => {
    const { ctx, base } = await start();
    const res = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=truck-2&lat=-23.52&lon=-46.63&batt=80',
    });
    expect(res.status).toBe(200);
    expect(ctx.submitted[0].device.uniqueId).toBe('truck-2');
    expect(ctx.submitted[0].positions[0]).toMatchObject({ latitude: -23.52, longitude: -46.63, attributes: { batteryLevel: 80 } });
  });

  it('stores a Traccar Client JSON POST', async () => {
    const { ctx, base } = await start();
    const res = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        device_id: 'phone-1',
        location: { timestamp: '2024-05-01T10:00:00Z', coords: { latitude: 1.5, longitude: 2.5, speed: 1 }, battery: { level: 0.5 } },
      }),
    });
    expect(res.status).toBe(200);
    expect(ctx.submitted[0].positions[0]).toMatchObject({ latitude: 1.5, longitude: 2.5, attributes: { batteryLevel: 50 } });
  });

  it('answers an unknown device with 400 (query) or 404 (JSON) and stores nothing', async () => {
    const { ctx, base } = await start();
    expect((await fetch(`${base}/?id=stranger&lat=1&lon=2`)).status).toBe(400);
    const json = await fetch(`${base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: 'stranger', location: { coords: { latitude: 1, longitude: 2 } } }),
    });
    expect(json.status).toBe(404);
    expect(ctx.identified.map((call) => call.uniqueId)).toEqual(['stranger', 'stranger']);
    expect(ctx.submitted).toEqual([]);
  });

  it('rejects a missing id and bad coordinates with a short 400, storing nothing', async () => {
    const { ctx, base } = await start();
    const missing = await fetch(`${base}/?lat=1&lon=2`);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('missing device identifier');
    const bad = await fetch(`${base}/?id=phone-1&lat=123&lon=2`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('latitude out of range: 123');
    const junk = await fetch(`${base}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"device_id":' });
    expect(junk.status).toBe(400);
    expect(await junk.text()).toBe('invalid JSON body');
    expect(ctx.identified).toEqual([]);
    expect(ctx.submitted).toEqual([]);
  });

  it('replies only after the position is stored', async () => {
    const { ctx, base } = await start();
    const storage = deferred();
    const submitStarted = deferred();
    ctx.onSubmit = () => {
      submitStarted.resolve();
      return storage.promise;
    };
    let settled = false;
    const response = fetch(`${base}/?id=phone-1&lat=1&lon=2`).then((res) => {
      settled = true;
      return res;
    });
    await submitStarted.promise;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    storage.resolve();
    expect((await response).status).toBe(200);
  });

  it('answers 500, never 200, when storing fails, without leaking details', async () => {
    const { ctx, base } = await start();
    ctx.onSubmit = () => Promise.reject(new Error('disk full at /var/lib/rastro'));
    const res = await fetch(`${base}/?id=phone-1&lat=1&lon=2`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain('disk full');
    expect(body).not.toContain(' at ');
    expect(ctx.messages.some((msg) => msg.startsWith('error') && msg.includes('disk full'))).toBe(true);
  });

  it('answers 500 when the device lookup fails', async () => {
    const { ctx, base } = await start();
    ctx.onIdentify = () => Promise.reject(new Error('database is locked'));
    expect((await fetch(`${base}/?id=phone-1&lat=1&lon=2`)).status).toBe(500);
  });

  it('saves a notification token as the device attribute notificationTokens', async () => {
    const { ctx, base } = await start();
    expect((await fetch(`${base}/?id=phone-1&notificationToken=fcm-abc`, { method: 'POST' })).status).toBe(200);
    expect(ctx.attributeUpdates).toEqual([{ device: { id: 7, uniqueId: 'phone-1' }, attributes: { notificationTokens: 'fcm-abc' } }]);
    expect(ctx.submitted).toEqual([]);
  });

  it('answers 413 to a body over the limit, declared or streamed', async () => {
    const { ctx, base } = await start(undefined, 1024);
    const declared = await fetch(`${base}/`, { method: 'POST', body: `id=phone-1&pad=${'x'.repeat(4096)}` });
    expect(declared.status).toBe(413);

    const streamed = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${base}/`, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 8; i += 1) req.write('x'.repeat(512));
      req.end();
    });
    expect(streamed).toBe(413);
    expect(ctx.submitted).toEqual([]);
  });

  it('keeps the connection alive between requests', async () => {
    const { ctx, base } = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = httpRequest(`${base}/?id=phone-1&lat=1&lon=2`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await send()).toEqual({ status: 200, reused: false });
    expect(await send()).toEqual({ status: 200, reused: true });
    agent.destroy();
    expect(ctx.submitted).toHaveLength(2);
  });

  it('survives garbage on the socket', async () => {
    const { base } = await start();
    const port = Number(new URL(base).port);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('\x16\x03\x01\x00\xa5 not http at all\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('latin1')));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(`${base}/?id=phone-1&lat=1&lon=2`)).status).toBe(200);
  });

  it('answers every conformance vector with the status Traccar gives', async () => {
    const { base } = await start(() => true);
    for (const vector of loadOsmAndVectors()) {
      const expected = vector.derived_not_asserted?.httpStatus;
      if (expected === undefined) continue;
      const res = vector.httpPath
        ? await fetch(`${base}${vector.httpPath}`, {
            method: vector.httpMethod ?? 'POST',
            headers: vector.contentType ? { 'content-type': vector.contentType } : {},
            body: vector.message,
          })
        : await fetch(`${base}${vector.message}`, { method: vector.httpMethod ?? 'GET' });
      expect(res.status, vector.message).toBe(expected);
    }
  });

  it('fails to start on a port already in use', async () => {
    await start();
    const port = listener?.port ?? 0;
    await expect(startOsmAndListener(new RecordingContext(), { port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });

  it('closes its open connections on close()', async () => {
    const { base } = await start();
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${base}/?id=phone-1`, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
    await listener?.close();
    listener = undefined;
    await expect(fetch(`${base}/?id=phone-1`)).rejects.toThrow();
    agent.destroy();
  });
});
