import { buildUrl } from './http.ts';

/** Where the browser goes to sign in through the server's OpenID Connect provider (a navigation, not a fetch). */
export const openIdSignInUrl = (): string => buildUrl('/session/openid/auth');
