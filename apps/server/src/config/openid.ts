/**
 * OpenID Connect sign-in (Traccar's openid.* keys), from RASTRO_OPENID_*: off unless a client id
 * is set; then the issuer (discovered at /.well-known/openid-configuration), the client secret and
 * the server's public address (the callback the provider redirects to) are required.
 */
export interface OpenIdConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Members of this group (in the groups claim) sign in as administrators; others as users. null = accounts keep their role. */
  adminGroup: string | null;
  /** Only members of this group (or of the admin group) may sign in; null = anyone the provider knows. */
  allowGroup: string | null;
  /** The claim of the userinfo answer that lists the user's groups. */
  groupsClaim: string;
  /** A first sign-in creates the account even when the server's registration is closed. */
  allowRegistration: boolean;
  /** The web app offers only OpenID sign-in (Traccar's openid.force, told to the app in GET /api/server). */
  force: boolean;
}

type Env = Record<string, string | undefined>;

export function openIdConfig(env: Env, publicUrl: string | null): OpenIdConfig | null {
  const clientId = env.RASTRO_OPENID_CLIENT_ID?.trim();
  if (!clientId) return null;
  const issuer = env.RASTRO_OPENID_ISSUER_URL?.trim() ?? '';
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`RASTRO_OPENID_ISSUER_URL must be the provider's http(s) address when RASTRO_OPENID_CLIENT_ID is set, got "${issuer}"`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new Error(`RASTRO_OPENID_ISSUER_URL must be an http:// or https:// URL, got "${issuer}"`);
  const clientSecret = env.RASTRO_OPENID_CLIENT_SECRET ?? '';
  if (!clientSecret) throw new Error('RASTRO_OPENID_CLIENT_SECRET is required when RASTRO_OPENID_CLIENT_ID is set');
  if (!publicUrl) throw new Error('RASTRO_PUBLIC_URL is required for OpenID Connect: the provider sends users back to <RASTRO_PUBLIC_URL>/api/session/openid/callback');
  const flag = (key: string) => {
    const value = env[key]?.trim() ?? '';
    if (!['', '0', '1', 'true', 'false'].includes(value)) throw new Error(`${key} must be 1 or 0, got "${value}"`);
    return value === '1' || value === 'true';
  };
  return {
    issuerUrl: issuer,
    clientId,
    clientSecret,
    adminGroup: env.RASTRO_OPENID_ADMIN_GROUP?.trim() || null,
    allowGroup: env.RASTRO_OPENID_ALLOW_GROUP?.trim() || null,
    groupsClaim: env.RASTRO_OPENID_GROUPS_CLAIM?.trim() || 'groups',
    allowRegistration: flag('RASTRO_OPENID_REGISTRATION'),
    force: flag('RASTRO_OPENID_FORCE'),
  };
}
