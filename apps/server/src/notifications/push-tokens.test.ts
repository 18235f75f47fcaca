import { describe, expect, it } from 'vitest';
import { addToken, joinTokens, MAX_TOKENS, parseTokens, readSubscription, removeToken } from './push-tokens.ts';

const key = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const auth = Buffer.alloc(16, 1).toString('base64url');
const sub = (endpoint: string) => JSON.stringify({ endpoint, keys: { p256dh: key, auth } });

describe('notificationTokens', () => {
  it('splits at commas outside JSON, so Firebase tokens and subscriptions live side by side', () => {
    const list = ['fcm-1', sub('https://push.example/a,b'), 'fcm-2', sub('https://push.example/c')];
    const text = joinTokens(list);
    expect(parseTokens(text)).toEqual(list);
    // a client that splits at every comma and joins again leaves the text as it was
    expect(text.split(',').join(',')).toBe(text);
    expect(parseTokens('a,,b, c')).toEqual(['a', 'b', 'c']);
    expect(parseTokens(undefined)).toEqual([]);
    expect(parseTokens('{"unbalanced":"x",fcm')).toEqual(['{"unbalanced":"x",fcm']);
  });

  it('replaces a subscription with the same endpoint and keeps the newest tokens', () => {
    const first = sub('https://push.example/a');
    const renewed = JSON.stringify({ endpoint: 'https://push.example/a', keys: { p256dh: key, auth: Buffer.alloc(16, 2).toString('base64url') } });
    expect(addToken(['fcm', first], renewed)).toEqual(['fcm', renewed]);
    expect(removeToken(['fcm', renewed], first)).toEqual(['fcm']);
    const many = Array.from({ length: MAX_TOKENS + 3 }, (_, i) => `t${i}`).reduce<string[]>(addToken, []);
    expect(many).toHaveLength(MAX_TOKENS);
    expect(many.at(-1)).toBe(`t${MAX_TOKENS + 2}`);
  });

  it('reads subscriptions, requiring https unless allowed', () => {
    expect(readSubscription('fcm-token', false)).toBeNull();
    expect(readSubscription(sub('https://push.example/a'), false)).toEqual({ endpoint: 'https://push.example/a', keys: { p256dh: key, auth } });
    expect(() => readSubscription(sub('http://127.0.0.1/a'), false)).toThrow('https://');
    expect(readSubscription(sub('http://127.0.0.1/a'), true)?.endpoint).toBe('http://127.0.0.1/a');
    expect(() => readSubscription('{"endpoint":"https://x/","keys":{}}', false)).toThrow('p256dh');
  });
});
