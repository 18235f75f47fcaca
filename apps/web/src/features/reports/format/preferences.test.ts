import { describe, expect, it } from 'vitest';
import type { Server, User } from '@rastro/api';
import { preference } from './preferences.ts';

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
});
