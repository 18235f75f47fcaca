/** What other features may use of the push area: dropping this browser's subscription on sign-out. */
export { forgetPushSubscription } from './pushSubscription.ts';
