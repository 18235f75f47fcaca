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
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
  });
});
