/** What other features may use of the auth area: signing out, and the authenticator code field. */
export { clearAuth, logout } from './logout.ts';
export { TotpCodeField, isTotpCode } from './TotpCodeField.tsx';
