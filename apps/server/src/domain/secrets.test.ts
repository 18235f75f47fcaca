import { describe, expect, it } from 'vitest';
import { MASK, hiddenFromAll, keptAttributes, protectedKeys, shownAttributes } from './secrets.ts';

/** A channel's keys: its address hidden from non-administrators, its token from everyone. */
const CHANNEL = { all: ['gw.url', 'gw.token'], secret: ['gw.token'] };
const MAP = hiddenFromAll(['mapKey']);

describe('protected attributes read through the API', () => {
  const stored = { 'gw.url': 'https://gw.example/?key=abc', 'gw.token': 't0k3n', mapKey: 'pk.123', lang: 'pt-BR' };
  const keys = protectedKeys(CHANNEL, MAP);

  it('read as the mask where set: the secret keys for administrators, every protected key for anyone else', () => {
    expect(shownAttributes(stored, true, keys)).toEqual({ ...stored, 'gw.token': MASK, mapKey: MASK });
    expect(shownAttributes(stored, false, keys)).toEqual({ 'gw.url': MASK, 'gw.token': MASK, mapKey: MASK, lang: 'pt-BR' });
    // nothing set reads as it is: absent, null or empty is no secret
    expect(shownAttributes({ 'gw.token': '', mapKey: null }, false, keys)).toEqual({ 'gw.token': '', mapKey: null });
    expect(shownAttributes({ lang: 'es' }, false, keys)).toEqual({ lang: 'es' });
    // a number or a flag is a value like any other
    expect(shownAttributes({ 'gw.token': 0 }, true, keys)).toEqual({ 'gw.token': MASK });
    // the stored attributes are not touched
    expect(stored.mapKey).toBe('pk.123');
  });

  it('hiddenFromAll hides the keys from administrators too', () => {
    expect(shownAttributes({ mapKey: 'pk.123' }, true, MAP)).toEqual(shownAttributes({ mapKey: 'pk.123' }, false, MAP));
    expect(shownAttributes({ mapKey: 'pk.123' }, true, MAP)).toEqual({ mapKey: MASK });
  });

  it('keep their stored values when the masks are saved back; a new value replaces, and a key left out goes', () => {
    for (const administrator of [true, false]) expect(keptAttributes(shownAttributes(stored, administrator, keys), stored, keys)).toEqual(stored);
    const sentBack = shownAttributes(stored, false, keys);
    expect(keptAttributes({ ...sentBack, mapKey: 'pk.new' }, stored, keys)).toEqual({ ...stored, mapKey: 'pk.new' });
    const { 'gw.token': _gone, ...withoutToken } = sentBack;
    expect(keptAttributes(withoutToken, stored, keys)).not.toHaveProperty('gw.token');
  });

  it('take a mask as a value only where it hides nothing: a mask with nothing stored behind it is dropped', () => {
    expect(keptAttributes({ 'gw.url': MASK, mapKey: MASK }, {}, keys)).toEqual({});
    // an unprotected key's text is the user's, even if it looks like the mask
    expect(keptAttributes({ lang: MASK }, { lang: 'pt-BR' }, keys)).toEqual({ lang: MASK });
  });
});
