import { deleteSession } from '../api/session.ts';
import { forgetCredentials } from './rememberedCredentials.ts';
import { closeLiveSocket } from './useLiveSync.ts';

/** Spec §4: delete the session, close the live socket, reload (the guard then shows the login). */
export async function logout(): Promise<void> {
  closeLiveSocket();
  // remembered credentials would sign straight back in at the next session check
  forgetCredentials();
  try {
    await deleteSession();
  } finally {
    window.location.reload();
  }
}
