import { describe, expect, it } from 'vitest';
import { gsmNetwork, gsmWifiNetwork } from '../testing/protocol-test.ts';
import type { DecodedPosition } from '../types.ts';
import { decodeOsmAnd, type OsmAndMessage, type OsmAndRequest } from './decoder.ts';
import { loadOsmAndVectors, vectorRequest } from './test-vectors.ts';

const RECEIVED = new Date('2024-05-01T10:20:30.000Z');

function request(url: string, init: Partial<OsmAndRequest> = {}): OsmAndRequest {
  return { method: 'GET', url, headers: {}, body: Buffer.alloc(0), receivedAt: RECEIVED, ...init };
}

function jsonRequest(body: unknown): OsmAndRequest {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return request('/', { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(text) });
}

function decoded(req: OsmAndRequest): OsmAndMessage {
  const result = decodeOsmAnd(req);
  if (!result.ok) throw new Error(`expected a message, got error: ${result.error}`);
  return result.message;
}

function positionOf(req: OsmAndRequest): DecodedPosition {
  const { position } = decoded(req);
  if (!position) throw new Error('expected a position');
  return position;
}

function errorOf(req: OsmAndRequest): string {
  const result = decodeOsmAnd(req);
  if (result.ok) throw new Error('expected a decode error');
  return result.error;
}

/** The sanity bounds Traccar's ProtocolTest.verifyPosition applies. */
function expectSane(position: DecodedPosition): void {
  expect(position.protocol).toBe('osmand');
  expect(position.fixTime.getUTCFullYear()).toBeGreaterThan(1999);
  expect(position.fixTime.getTime()).toBeLessThan(Date.now() + 25 * 3600_000);
  expect(Math.abs(position.latitude)).toBeLessThanOrEqual(90);
  expect(Math.abs(position.longitude)).toBeLessThanOrEqual(180);
  expect(position.altitude).toBeGreaterThanOrEqual(-12262);
  expect(position.altitude).toBeLessThanOrEqual(18000);
  expect(position.speed).toBeGreaterThanOrEqual(0);
  expect(position.speed).toBeLessThanOrEqual(869);
  expect(position.course).toBeGreaterThanOrEqual(0);
  expect(position.course).toBeLessThanOrEqual(360);
}

describe('OsmAnd decoder: Traccar conformance vectors', () => {
  const vectors = loadOsmAndVectors();

  it('has the osmand vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(10);
  });

  for (const vector of vectors) {
    it(`${vector.expects.result}: ${vector.message.slice(0, 90)}`, () => {
      const result = decodeOsmAnd(vectorRequest(vector));
      if (vector.expects.result === 'null') {
        expect(result.ok).toBe(false);
        return;
      }
      if (!result.ok) throw new Error(result.error);
      const { message } = result;
      if (vector.expects.result === 'position') {
        expect(message.position).not.toBeNull();
        expectSane(message.position as DecodedPosition);
      }
      expect(message.position).not.toBeNull();
      const position = message.position as DecodedPosition;
      if (vector.expects.attribute) {
        expect(position.attributes[vector.expects.attribute.key]).toEqual(vector.expects.attribute.value);
      }

      const derived = vector.derived_not_asserted ?? {};
      if (derived.uniqueId !== undefined) expect(message.uniqueId).toBe(derived.uniqueId);
      if (derived.valid !== undefined) expect(position.valid).toBe(derived.valid);
      if (derived.latitude !== undefined) expect(position.latitude).toBeCloseTo(derived.latitude, 5);
      if (derived.longitude !== undefined) expect(position.longitude).toBeCloseTo(derived.longitude, 5);
      if (derived.altitude !== undefined) expect(position.altitude).toBeCloseTo(derived.altitude, 5);
      if (derived.course !== undefined) expect(position.course).toBeCloseTo(derived.course, 5);
      if (derived.speedKnots !== undefined) expect(position.speed).toBeCloseTo(derived.speedKnots, 3);
      if (derived.fixTime !== undefined) expect(position.fixTime.toISOString()).toBe(derived.fixTime);
      if (derived.attributes !== undefined) expect(position.attributes).toMatchObject(derived.attributes);
    });
  }

  it('reads `yyyy-MM-dd HH:mm:ss` in the server time zone', () => {
    const position = positionOf(request('/?lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&id=353861053849681'));
    expect(position.fixTime.getTime()).toBe(new Date(2014, 5, 4, 9, 10, 11).getTime());
  });

  it('turns cell and wifi params into a network', () => {
    const position = positionOf(
      request('/?id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70'),
    );
    expect(position.outdated).toBe(true);
    expect(position.network).toEqual(gsmWifiNetwork(
      [
        { mobileCountryCode: 257, mobileNetworkCode: 2, locationAreaCode: 16, cellId: 2224 },
        { mobileCountryCode: 257, mobileNetworkCode: 2, locationAreaCode: 16, cellId: 2223, signalStrength: -90 },
      ],
      [
        { macAddress: '00:14:22:01:23:45', signalStrength: -80 },
        { macAddress: '00:1C:B3:09:85:15', signalStrength: -70 },
      ],
    ));
  });
});

describe('OsmAnd decoder: query format', () => {
  it('decodes every documented parameter', () => {
    const message = decoded(
      request(
        '/any/path?id=862170013556541&timestamp=1700000000&lat=-23.5614&lon=-46.6559&speed=21.5&bearing=133.4&altitude=812' +
          '&accuracy=4.5&hdop=0.9&batt=87&valid=true&charge=true&driverUniqueId=D-42',
      ),
    );
    expect(message.uniqueId).toBe('862170013556541');
    expect(message.format).toBe('query');
    expect(message.notificationToken).toBeUndefined();
    expect(message.position).toEqual({
      protocol: 'osmand',
      deviceTime: new Date(1700000000_000),
      fixTime: new Date(1700000000_000),
      valid: true,
      outdated: false,
      latitude: -23.5614,
      longitude: -46.6559,
      altitude: 812,
      speed: 21.5,
      course: 133.4,
      accuracy: 4.5,
      network: null,
      attributes: { hdop: 0.9, batteryLevel: 87, charge: true, driverUniqueId: 'D-42' },
    });
  });

  it('accepts deviceid, heading and location=lat,lon', () => {
    const message = decoded(request('/?deviceid=abc&location=-23.5,-46.6&heading=270'));
    expect(message.uniqueId).toBe('abc');
    expect(message.position).toMatchObject({ latitude: -23.5, longitude: -46.6, course: 270, outdated: false });
  });

  it('defaults the time to the receive time and the fix to valid', () => {
    const position = positionOf(request('/?id=1&lat=1&lon=2'));
    expect(position.fixTime).toEqual(RECEIVED);
    expect(position.deviceTime).toEqual(RECEIVED);
    expect(position.valid).toBe(true);
  });

  it.each([
    ['1377177267', '2013-08-22T13:14:27.000Z'],
    ['1442068686579', '2015-09-12T14:38:06.579Z'],
    ['2016-01-27T18:55:47Z', '2016-01-27T18:55:47.000Z'],
    ['2016-01-27T18:55:47.123456789Z', '2016-01-27T18:55:47.123Z'],
    ['2016-01-27T15:55:47-03:00', '2016-01-27T18:55:47.000Z'],
    ['2016-01-27T20:55+02:00', '2016-01-27T18:55:00.000Z'],
  ])('timestamp %s', (timestamp, iso) => {
    expect(positionOf(request(`/?id=1&lat=1&lon=2&timestamp=${encodeURIComponent(timestamp)}`)).fixTime.toISOString()).toBe(iso);
  });

  it.each([
    ['valid=false', false],
    ['valid=0', false],
    ['valid=1', true],
    ['valid=TRUE', true],
    ['valid=yes', false],
  ])('%s -> valid %s', (param, valid) => {
    expect(positionOf(request(`/?id=1&lat=1&lon=2&${param}`)).valid).toBe(valid);
  });

  it('marks a message without both coordinates as outdated', () => {
    expect(positionOf(request('/?id=1&batt=50')).outdated).toBe(true);
    expect(positionOf(request('/?id=1&lat=10')).outdated).toBe(true);
    expect(positionOf(request('/?id=1&lat=0&lon=0')).outdated).toBe(false);
  });

  it('types unknown params: number, boolean, string', () => {
    const position = positionOf(request('/?id=1&ignition=true&motion=false&power=13.8&fuel=55&odometer=1e3&status=ok&code=0x1F&empty='));
    expect(position.attributes).toEqual({ ignition: true, motion: false, power: 13.8, fuel: 55, odometer: 1000, status: 'ok', code: '0x1F' });
  });

  it('ignores negative speed and course, and wraps a course of 360', () => {
    const position = positionOf(request('/?id=1&lat=1&lon=2&speed=-1&bearing=-1'));
    expect(position.speed).toBe(0);
    expect(position.course).toBe(0);
    expect(positionOf(request('/?id=1&lat=1&lon=2&bearing=360')).course).toBe(0);
  });

  it('reads a form body when the query string is empty', () => {
    const message = decoded(
      request('/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.from('id=form1&lat=-23.55&lon=-46.63&speed=10&timestamp=2024-05-01T10%3A00%3A00Z'),
      }),
    );
    expect(message.uniqueId).toBe('form1');
    expect(message.format).toBe('query');
    expect(message.position).toMatchObject({ latitude: -23.55, longitude: -46.63, speed: 10 });
  });

  it.each([
    ['kmh', 100, 53.9957],
    ['mps', 10, 19.43844],
    ['mph', 100, 86.8976],
    ['kn', 12, 12],
  ] as const)('converts a query speed configured in %s', (speedUnit, speed, knots) => {
    const result = decodeOsmAnd(request(`/?id=1&lat=1&lon=2&speed=${speed}`), { speedUnit });
    expect(result.ok && result.message.position?.speed).toBeCloseTo(knots, 6);
  });

  it('prefers the query string over the body', () => {
    const message = decoded(request('/?id=q&lat=1&lon=2', { method: 'POST', body: Buffer.from('id=b&lat=3&lon=4') }));
    expect(message.uniqueId).toBe('q');
    expect(message.position?.latitude).toBe(1);
  });

  it('returns the notification token, with no position when nothing else came', () => {
    const tokenOnly = decoded(request('/?id=1&notificationToken=tok-123'));
    expect(tokenOnly.notificationToken).toBe('tok-123');
    expect(tokenOnly.position).toBeNull();
    const withFix = decoded(request('/?notificationToken=tok-9&id=1&lat=1&lon=2'));
    expect(withFix.notificationToken).toBe('tok-9');
    expect(withFix.position?.attributes).toEqual({});
  });

  it('keeps a heartbeat with only an id as an outdated position', () => {
    expect(positionOf(request('/?id=1')).outdated).toBe(true);
  });

  it('counts a repeated cell once', () => {
    expect(positionOf(request('/?id=1&cell=724,5,1000,77&cell=724,5,1000,77')).network).toEqual(
      gsmNetwork({ mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 1000, cellId: 77 }),
    );
  });

  it.each([
    ['/?lat=1&lon=2', 'missing device identifier'],
    ['/?id=&lat=1&lon=2', 'missing device identifier'],
    ['/', 'missing device identifier'],
    ['/?id=1&id=2', 'conflicting device identifiers'],
    ['/?id=1&lat=91&lon=0', 'latitude out of range'],
    ['/?id=1&lat=-90.5&lon=0', 'latitude out of range'],
    ['/?id=1&lat=0&lon=180.01', 'longitude out of range'],
    ['/?id=1&location=95,10', 'latitude out of range'],
    ['/?id=1&location=10', 'invalid location'],
    ['/?id=1&lat=abc&lon=0', 'invalid lat'],
    ['/?id=1&lat=NaN&lon=0', 'invalid lat'],
    ['/?id=1&lat=Infinity&lon=0', 'invalid lat'],
    ['/?id=1&lat=1e999&lon=0', 'invalid lat'],
    ['/?id=1&speed=fast', 'invalid speed'],
    ['/?id=1&bearing=north', 'invalid bearing'],
    ['/?id=1&altitude=high', 'invalid altitude'],
    ['/?id=1&accuracy=x', 'invalid accuracy'],
    ['/?id=1&hdop=x', 'invalid hdop'],
    ['/?id=1&batt=full', 'invalid batt'],
    ['/?id=1&timestamp=yesterday', 'invalid timestamp'],
    ['/?id=1&timestamp=2016-01-27T18:55:47', 'invalid timestamp'],
    ['/?id=1&timestamp=2016-02-30T18:55:47Z', 'invalid timestamp'],
    ['/?id=1&timestamp=2016-01-27+25:00:00', 'invalid timestamp'],
    ['/?id=1&timestamp=99999999999999999999', 'invalid timestamp'],
    ['/?id=1&cell=1,2,3', 'invalid cell'],
    ['/?id=1&cell=1,2,3,x', 'invalid cell'],
    ['/?id=1&wifi=00-11-22-33-44-55', 'invalid wifi'],
    ['/?id=1&wifi=00-11-22-33-44-55,strong', 'invalid wifi'],
  ])('rejects %s', (url, error) => {
    expect(errorOf(request(url))).toContain(error);
  });

  it('keeps error messages short when quoting device input', () => {
    expect(errorOf(request(`/?id=1&lat=${'9'.repeat(5000)}x`)).length).toBeLessThan(100);
  });
});

describe('OsmAnd decoder: Traccar Client JSON', () => {
  const base = {
    device_id: 'phone-7',
    location: {
      timestamp: '2024-05-01T10:00:00.500Z',
      coords: { latitude: -23.5614, longitude: -46.6559, speed: 10, heading: 90, accuracy: 12, altitude: 790 },
      is_moving: true,
      odometer: 1234.6,
      event: 'motionchange',
      mock: true,
      activity: { type: 'in_vehicle', confidence: 90 },
      battery: { level: 0.29, is_charging: true },
      alarm: 'sos',
      extras: { alarm: 'ignored', fleet: 'north', shift: 2, ratio: 0.5, night: false, nested: { a: 1 }, list: [1], none: null },
    },
  };

  it('decodes every field', () => {
    const message = decoded(jsonRequest(base));
    expect(message.uniqueId).toBe('phone-7');
    expect(message.format).toBe('json');
    const position = message.position as DecodedPosition;
    expect(position).toMatchObject({
      protocol: 'osmand',
      valid: true,
      outdated: false,
      latitude: -23.5614,
      longitude: -46.6559,
      altitude: 790,
      course: 90,
      accuracy: 12,
      network: null,
    });
    expect(position.fixTime.toISOString()).toBe('2024-05-01T10:00:00.500Z');
    expect(position.speed).toBeCloseTo(19.43844, 6);
    expect(position.attributes).toEqual({
      motion: true,
      odometer: 1235,
      event: 'motionchange',
      mock: true,
      activity: 'in_vehicle',
      batteryLevel: 29,
      charge: true,
      alarm: 'sos',
      fleet: 'north',
      shift: 2,
      ratio: 0.5,
      night: false,
    });
  });

  it('drops accuracy under the minimum, negative speed/heading and unknown battery level', () => {
    const position = positionOf(
      jsonRequest({
        device_id: 'x',
        location: {
          timestamp: '2024-05-01T10:00:00Z',
          coords: { latitude: 1, longitude: 2, speed: -1, heading: -1, accuracy: 9.9, altitude: 0 },
          battery: { level: -1, is_charging: false },
        },
      }),
    );
    expect(position).toMatchObject({ speed: 0, course: 0, accuracy: 0 });
    expect(position.attributes).toEqual({});
  });

  it('honours a configured minimum accuracy', () => {
    const req = jsonRequest({ device_id: 'x', location: { coords: { latitude: 1, longitude: 2, accuracy: 3 } } });
    const result = decodeOsmAnd(req, { minAccuracy: 0 });
    expect(result.ok && result.message.position?.accuracy).toBe(3);
  });

  it('marks a location without coords as outdated and invalid', () => {
    const position = positionOf(jsonRequest({ device_id: 'x', location: { timestamp: '2024-05-01T10:00:00Z', event: 'heartbeat' } }));
    expect(position).toMatchObject({ outdated: true, valid: false, latitude: 0, longitude: 0 });
    expect(position.attributes).toEqual({ event: 'heartbeat' });
  });

  it('uses the receive time when the location has no timestamp', () => {
    expect(positionOf(jsonRequest({ device_id: 'x', location: { coords: { latitude: 1, longitude: 2 } } })).fixTime).toEqual(RECEIVED);
  });

  it('accepts a numeric device_id and any application/json content type', () => {
    const req = jsonRequest({ device_id: 123, location: {} });
    req.headers = { 'content-type': 'Application/JSON' };
    expect(decoded(req).uniqueId).toBe('123');
  });

  it.each([
    ['not json', 'invalid JSON body'],
    ['[1,2]', 'JSON body must be an object'],
    [{ location: {} }, 'missing device identifier'],
    [{ device_id: '', location: {} }, 'missing device identifier'],
    [{ device_id: 'x' }, 'missing location'],
    [{ device_id: 'x', location: 'here' }, 'location must be an object'],
    [{ device_id: 'x', location: { timestamp: 'noon' } }, 'invalid timestamp'],
    [{ device_id: 'x', location: { coords: { longitude: 2 } } }, 'missing coords.latitude'],
    [{ device_id: 'x', location: { coords: { latitude: '1', longitude: 2 } } }, 'coords.latitude must be a finite number'],
    [{ device_id: 'x', location: { coords: { latitude: 100, longitude: 2 } } }, 'latitude out of range'],
    [{ device_id: 'x', location: { coords: { latitude: 1, longitude: -181 } } }, 'longitude out of range'],
    ['{"device_id":"x","location":{"coords":{"latitude":1,"longitude":2,"speed":1e999}}}', 'coords.speed must be a finite number'],
    [{ device_id: 'x', location: { is_moving: 'yes' } }, 'location.is_moving must be a boolean'],
    [{ device_id: 'x', location: { battery: { level: 'full' } } }, 'battery.level must be a finite number'],
    [{ device_id: 'x', location: { extras: [1] } }, 'location.extras must be an object'],
  ])('rejects %j', (body, error) => {
    expect(errorOf(jsonRequest(body))).toContain(error);
  });
});
