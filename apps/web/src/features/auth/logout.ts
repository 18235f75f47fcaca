import { deleteSession, revokeSessionToken } from '../../api/session.ts';
import { forgetPushSubscription } from '../push/index.ts';
import { forgetToken, rememberedToken } from '../../state/rememberedSession.ts';
import { sessionUser } from '../../state/session.ts';
import { closeLiveSocket } from '../../state/useLiveSync.ts';

/** Ends the signed-in state: live socket closed, remembered token revoked and forgotten, session deleted. */
export async function clearAuth(): Promise<void> {
  closeLiveSocket();
  // a remembered token would sign straight back in at the next session check; revoked, a copy of
  // it is worthless too (while the session lasts, for the server to know who asks)
  const token = rememberedToken();
  forgetToken();
  if (token) await revokeSessionToken(token).catch(() => undefined);
  // this browser must not keep receiving the user's alerts after he leaves
  const user = sessionUser.get();
  if (user) await forgetPushSubscription(user.id);
  await deleteSession();
}

/** Spec §4: delete the session, close the live socket, reload (the guard then shows the login). */
export async function logout(): Promise<void> {
  try {
    await clearAuth();
  } finally {
    window.location.reload();
  }
}
