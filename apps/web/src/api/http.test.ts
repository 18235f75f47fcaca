import { describe, expect, it } from 'vitest';
import { buildUrl, serverMessage } from './http.ts';

describe('serverMessage', () => {
  it('keeps a plain-text message', () => {
    expect(serverMessage('User is disabled', 'Bad Request')).toBe('User is disabled');
  });

  it('extracts the message from a Java stack trace', () => {
    const trace = 'java.lang.SecurityException: Write access denied\n\tat org.traccar.api...';
    expect(serverMessage(trace, 'Bad Request')).toBe('Write access denied');
  });

  it('falls back to the status text for empty or HTML bodies', () => {
    expect(serverMessage('', 'Unauthorized')).toBe('Unauthorized');
    expect(serverMessage('<html><body>502</body></html>', 'Bad Gateway')).toBe('Bad Gateway');
    expect(serverMessage('javax.ws.rs.NotFoundException', 'Not Found')).toBe('Not Found');
  });
});

describe('buildUrl', () => {
  it('repeats array parameters and skips undefined ones', () => {
    expect(buildUrl('/positions', { id: [1, 2], deviceId: undefined })).toBe('/api/positions?id=1&id=2');
    expect(buildUrl('/session')).toBe('/api/session');
  });
});
