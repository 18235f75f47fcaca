import { describe, expect, it } from 'vitest';
import type { Server, User } from '@rastro/api';
import { preference, timeZoneOf } from './preferences.ts';

const user = (attributes: User['attributes']) => ({ attributes }) as User;
const server = (attributes: Server['attributes'], forceSettings = false) => ({ attributes, forceSettings }) as Server;

describe('display preferences', () => {
  it('take the user attribute, else the server attribute', () => {
    expect(preference('speedUnit', user({ speedUnit: 'mph' }), server({ speedUnit: 'kn' }))).toBe('mph');
    expect(preference('speedUnit', user({}), server({ speedUnit: 'kn' }))).toBe('kn');
    expect(preference('speedUnit', null, undefined)).toBeUndefined();
  });

  it('let a server that forces its settings win', () => {
    expect(preference('distanceUnit', user({ distanceUnit: 'mi' }), server({ distanceUnit: 'km' }, true))).toBe('km');
    expect(preference('distanceUnit', user({ distanceUnit: 'mi' }), server({}, true))).toBe('mi');
  });

  it('accept only real time zones', () => {
    expect(timeZoneOf('America/Sao_Paulo', 'UTC')).toBe('America/Sao_Paulo');
    expect(timeZoneOf('Mars/Olympus', 'UTC')).toBe('UTC');
    expect(timeZoneOf(undefined, 'Europe/Madrid')).toBe('Europe/Madrid');
  });
});
