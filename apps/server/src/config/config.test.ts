import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/rastro');
    expect(config).toMatchObject({
      port: 8082,
      dataDir: '/srv/rastro/data',
      databaseUrl: null,
      redisUrl: null,
      adminEmail: 'admin',
      adminPassword: null,
      demo: true,
      protocolPorts: { osmand: 5055, gt06: 5023, teltonika: 5027, h02: 5013, suntech: 5011 },
      licenseMode: 'plus',
      licenseDeviceLimit: 0,
      statusTimeoutSeconds: 600,
    });
  });

  it('reads every variable and rejects bad values with the variable named', () => {
    const config = loadConfig({ RASTRO_PORT: '9000', RASTRO_DEMO: '0', RASTRO_OSMAND_PORT: '6055', DATABASE_URL: 'postgres://u@h/db', RASTRO_LICENSE_DEVICE_LIMIT: '50' });
    expect(config).toMatchObject({ port: 9000, demo: false, databaseUrl: 'postgres://u@h/db', licenseDeviceLimit: 50 });
    expect(config.protocolPorts.osmand).toBe(6055);
    expect(() => loadConfig({ RASTRO_PORT: 'http' })).toThrow(/RASTRO_PORT/);
    expect(() => loadConfig({ RASTRO_GT06_PORT: '70000' })).toThrow(/RASTRO_GT06_PORT/);
    expect(() => loadConfig({ RASTRO_JT808_PORT: 'x' })).toThrow(/RASTRO_JT808_PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
  });

  it('reads the log format: auto by default, json or pretty when set, and nothing else', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ RASTRO_LOG_FORMAT: ' JSON ' }).logFormat).toBe('json');
    expect(loadConfig({ RASTRO_LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ RASTRO_LOG_FORMAT: 'yaml' })).toThrow(/RASTRO_LOG_FORMAT/);
  });

  it('reads the sign-in limits, proxies, CORS origins and frame ancestors', () => {
    expect(loadConfig({}).security).toEqual({
      trustProxy: false, corsOrigins: [], frameAncestors: ["'self'"],
      loginFailuresPerAccount: 100, loginFailuresPerAccountAddress: 10, loginFailuresPerAddress: 50, loginFailureWindowSeconds: 900,
    });
    const config = loadConfig({
      RASTRO_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1', RASTRO_CORS_ORIGINS: 'https://app.example.com/,http://localhost:5173',
      RASTRO_FRAME_ANCESTORS: "'self'  https://portal.example.com", RASTRO_LOGIN_FAILURES_PER_ACCOUNT: '0',
    });
    expect(config.security).toMatchObject({
      trustProxy: ['10.0.0.0/8', '127.0.0.1'], corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      frameAncestors: ["'self'", 'https://portal.example.com'], loginFailuresPerAccount: 0,
    });
    expect(loadConfig({ RASTRO_TRUST_PROXY: 'true' }).security.trustProxy).toBe(true);
    expect(loadConfig({ RASTRO_TRUST_PROXY: '2' }).security.trustProxy).toBe(2);
    expect(loadConfig({ RASTRO_FRAME_ANCESTORS: '' }).security.frameAncestors).toEqual(["'none'"]);
    expect(() => loadConfig({ RASTRO_CORS_ORIGINS: 'https://app.example.com/path' })).toThrow(/RASTRO_CORS_ORIGINS/);
    expect(() => loadConfig({ RASTRO_CORS_ORIGINS: '*' })).toThrow(/RASTRO_CORS_ORIGINS/);
    expect(() => loadConfig({ RASTRO_LOGIN_FAILURE_WINDOW: '0' })).toThrow(/RASTRO_LOGIN_FAILURE_WINDOW/);
    expect(() => loadConfig({ RASTRO_TRUST_PROXY: 'yes' })).toThrow(/RASTRO_TRUST_PROXY/);
  });

  it('gives every protocol Traccar\'s port, and an ephemeral one with RASTRO_PROTOCOL_PORTS=0 unless set on its own', () => {
    expect(loadConfig({}).protocolPorts).toMatchObject({ jt808: 5015, gl200: 5004, gps103: 5001, watch: 5093 });
    const ports = loadConfig({ RASTRO_PROTOCOL_PORTS: '0', RASTRO_GT06_PORT: '6023' }).protocolPorts;
    expect(ports.gt06).toBe(6023);
    expect(Object.entries(ports).filter(([name]) => name !== 'gt06').every(([, port]) => port === 0)).toBe(true);
  });
});
