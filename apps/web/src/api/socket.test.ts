import { describe, expect, it } from 'vitest';
import { parseSocketMessage, socketUrl } from './socket.ts';

describe('socketUrl', () => {
  it('follows the page protocol on the same origin', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8082' })).toBe('ws://localhost:8082/api/socket');
    expect(socketUrl({ protocol: 'https:', host: 'fleet.example.com' })).toBe('wss://fleet.example.com/api/socket');
  });
});

describe('parseSocketMessage', () => {
  it('accepts JSON objects, including the {} keepalive', () => {
    expect(parseSocketMessage('{}')).toEqual({});
    expect(parseSocketMessage('{"devices":[]}')).toEqual({ devices: [] });
  });

  it('rejects anything else', () => {
    expect(parseSocketMessage('not json')).toBeNull();
    expect(parseSocketMessage('[1]')).toBeNull();
    expect(parseSocketMessage(new ArrayBuffer(1))).toBeNull();
  });
});
