import { COMMAND_TYPES } from '@rastro/api';
import { describe, expect, it } from 'vitest';
import { STREAM_CODECS } from '../src/protocols/codecs.ts';
import { commandTypesOf } from '../src/protocols/registry.ts';

/**
 * Command types travel by name (a saved command's `type`, `/api/commands/types`), and the web app
 * names in every language exactly `COMMAND_TYPES` of `@rastro/api` (Traccar's Command.TYPE_*): a
 * protocol that offers a name outside it offers what no Traccar client sends and no one can read.
 */
describe('command types', () => {
  const known = new Set<string>(COMMAND_TYPES);

  it('are only Traccar’s names, in every registered codec', () => {
    const offered = [
      ...STREAM_CODECS.flatMap(({ name, tcp, udp }) => [tcp, udp].flatMap((codec) => (codec ? codec.commandTypes.map((type) => `${name}: ${type}`) : []))),
      ...commandTypesOf('osmand').map((type) => `osmand: ${type}`),
    ];
    expect(offered.length).toBeGreaterThan(STREAM_CODECS.length);
    expect(offered.filter((entry) => !known.has(entry.slice(entry.indexOf(': ') + 2)))).toEqual([]);
  });
});
