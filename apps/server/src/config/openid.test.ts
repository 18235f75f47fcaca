import { describe, expect, it } from 'vitest';
import { openIdConfig } from './openid.ts';

const ON = { RASTRO_OPENID_CLIENT_ID: 'rastro', RASTRO_OPENID_CLIENT_SECRET: 's3cret', RASTRO_OPENID_ISSUER_URL: 'https://id.example.com/realms/fleet' };
const PUBLIC = 'https://frota.example.com';

describe('OpenID Connect settings', () => {
  it('are off without a client id, and read with their defaults', () => {
    expect(openIdConfig({}, PUBLIC)).toBeNull();
    expect(openIdConfig(ON, PUBLIC)).toEqual({
      issuerUrl: 'https://id.example.com/realms/fleet', clientId: 'rastro', clientSecret: 's3cret',
      adminGroup: null, allowGroup: null, groupsClaim: 'groups', allowRegistration: false, force: false,
    });
    expect(openIdConfig({ ...ON, RASTRO_OPENID_ADMIN_GROUP: 'admins', RASTRO_OPENID_GROUPS_CLAIM: 'roles', RASTRO_OPENID_REGISTRATION: '1', RASTRO_OPENID_FORCE: 'true' }, PUBLIC))
      .toMatchObject({ adminGroup: 'admins', groupsClaim: 'roles', allowRegistration: true, force: true });
  });

  it('stop the server with the reason when incomplete or wrong', () => {
    expect(() => openIdConfig({ ...ON, RASTRO_OPENID_ISSUER_URL: '' }, PUBLIC)).toThrow(/RASTRO_OPENID_ISSUER_URL/);
    expect(() => openIdConfig({ ...ON, RASTRO_OPENID_ISSUER_URL: 'ftp://id.example.com' }, PUBLIC)).toThrow(/http:\/\/ or https:\/\//);
    expect(() => openIdConfig({ ...ON, RASTRO_OPENID_CLIENT_SECRET: '' }, PUBLIC)).toThrow(/RASTRO_OPENID_CLIENT_SECRET is required/);
    expect(() => openIdConfig(ON, null)).toThrow(/RASTRO_PUBLIC_URL is required/);
    expect(() => openIdConfig({ ...ON, RASTRO_OPENID_FORCE: 'yes' }, PUBLIC)).toThrow(/RASTRO_OPENID_FORCE must be 1 or 0/);
  });
});
