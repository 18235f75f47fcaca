import { describe, expect, it } from 'vitest';
import { logWriter, resolveLogFormat } from './log-output.ts';

const line = `${JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 7, hostname: 'vm', msg: 'osmand: listening on 0.0.0.0:5055' })}\n`;

function written(format: 'json' | 'pretty', text: string): string {
  let out = '';
  logWriter(format, (chunk) => (out += chunk), false)(text);
  return out;
}

describe('server log output', () => {
  it('is readable on a terminal and JSON elsewhere, unless RASTRO_LOG_FORMAT says', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('writes JSON lines untouched', () => {
    expect(written('json', line)).toBe(line);
  });

  it('writes a person a line with the time, the level and the message, without pid and host', () => {
    const out = written('pretty', line);
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: osmand: listening on 0\.0\.0\.0:5055\n$/);
    expect(out).not.toContain('hostname');
    expect(out).not.toContain('"pid"');
  });

  it('keeps extra fields on the line, and passes through what is not JSON', () => {
    const extra = `${JSON.stringify({ level: 30, time: 0, msg: 'saved', deviceId: 5 })}\n`;
    expect(written('pretty', extra)).toMatch(/INFO: saved .*deviceId.*5/);
    expect(written('pretty', 'plain text\n')).toBe('plain text\n');
  });
});
