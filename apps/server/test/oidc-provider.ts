import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

/** Who is signed in at the provider: the next authorization gives a code for him. */
export interface ProviderUser {
  sub: string;
  email: string;
  name: string;
  groups?: string[];
}

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  user: ProviderUser;
  /** The authorization requests received, as their query parameters. */
  authorizations: Record<string, string>[];
  close: () => Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * A real OpenID Connect provider on loopback, small but strict: discovery, JWKS (RS256), an
 * authorization endpoint that signs in `user` at once and redirects back with a code, a token
 * endpoint that checks the client's Basic credentials, the code (single use), the redirect URI and
 * the PKCE verifier before it signs an ID token, and a userinfo endpoint behind the access token.
 */
export async function startOidcProvider(clientId = 'rastro', clientSecret = 'rastro-secret'): Promise<OidcProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { user: ProviderUser; redirectUri: string; challenge: string }>();
  const tokens = new Map<string, ProviderUser>();
  const provider: OidcProvider = {
    issuer: '', clientId, clientSecret, authorizations: [],
    user: { sub: 'u-1', email: 'ana@example.com', name: 'Ana' },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', provider.issuer);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (url.pathname === '/.well-known/openid-configuration') {
          json(response, 200, {
            issuer: provider.issuer,
            authorization_endpoint: `${provider.issuer}/authorize`,
            token_endpoint: `${provider.issuer}/token`,
            userinfo_endpoint: `${provider.issuer}/userinfo`,
            jwks_uri: `${provider.issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            token_endpoint_auth_methods_supported: ['client_secret_basic'],
            code_challenge_methods_supported: ['S256'],
          }); return;
        }
        if (url.pathname === '/jwks') { json(response, 200, { keys: [jwk] }); return; }
        if (url.pathname === '/authorize') {
          const query = Object.fromEntries(url.searchParams);
          provider.authorizations.push(query);
          if (query.client_id !== clientId || query.response_type !== 'code' || query.code_challenge_method !== 'S256' || !query.code_challenge || !query.redirect_uri) {
            json(response, 400, { error: 'invalid_request' }); return;
          }
          const code = b64url(crypto.randomBytes(16));
          codes.set(code, { user: { ...provider.user }, redirectUri: query.redirect_uri, challenge: query.code_challenge });
          const back = new URL(query.redirect_uri);
          back.searchParams.set('code', code);
          if (query.state) back.searchParams.set('state', query.state);
          return response.writeHead(302, { location: back.href }).end();
        }
        if (url.pathname === '/token' && request.method === 'POST') {
          const [scheme, value = ''] = (request.headers.authorization ?? '').split(' ');
          const [id, secret] = Buffer.from(value, 'base64').toString().split(':').map((part) => decodeURIComponent(part));
          if (scheme !== 'Basic' || id !== clientId || secret !== clientSecret) { json(response, 401, { error: 'invalid_client' }); return; }
          const form = new URLSearchParams(Buffer.concat(chunks).toString());
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          if (form.get('grant_type') !== 'authorization_code' || !grant || grant.redirectUri !== form.get('redirect_uri')
            || b64url(crypto.createHash('sha256').update(verifier).digest()) !== grant.challenge) {
            json(response, 400, { error: 'invalid_grant' }); return;
          }
          const accessToken = b64url(crypto.randomBytes(24));
          tokens.set(accessToken, grant.user);
          const idToken = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(provider.issuer).setAudience(clientId)
            .setSubject(grant.user.sub).setIssuedAt().setExpirationTime('5m').sign(privateKey);
          json(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idToken }); return;
        }
        if (url.pathname === '/userinfo') {
          const user = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
          if (!user) { json(response, 401, { error: 'invalid_token' }); return; }
          json(response, 200, { sub: user.sub, email: user.email, email_verified: true, name: user.name, ...(user.groups ? { groups: user.groups } : {}) }); return;
        }
        json(response, 404, { error: 'not_found' });
      })().catch((error: unknown) => json(response, 500, { error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}
