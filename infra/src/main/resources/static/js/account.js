// The signed-in registered player of this browser (docs/identities.md): register, sign in, sign out.
// The player token is kept in localStorage, so a sign-in lasts across pages and tabs until it expires or the
// player signs out (which revokes it on the server). Guests have no token and play unrated.
import { get, post, del, ApiError } from './api.js';

const KEY = 'duelhall.player';

/** {accountId, name, playerToken, expiresAt} of the signed-in player, or null for a guest. */
export function current() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY));
    if (p && p.playerToken && (!p.expiresAt || Date.parse(p.expiresAt) > Date.now())) return p;
  } catch (e) {
    // unreadable: a guest
  }
  localStorage.removeItem(KEY);
  return null;
}

export async function signIn(name, password) {
  const s = await post('/api/sessions', { name, password });
  localStorage.setItem(KEY, JSON.stringify(s));
  return s;
}

export async function register(name, password) {
  await post('/api/players', { name, password });
  return signIn(name, password);
}

/** Revokes the token on the server, then forgets it here (also when the server no longer knew it). */
export async function signOut() {
  const p = current();
  localStorage.removeItem(KEY);
  if (!p) return;
  try {
    await del('/api/sessions/me', p.playerToken);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) throw e;
  }
}

/** Asks the server whether the kept token is still live; forgets it when it is not (expired, revoked). */
export async function check() {
  const p = current();
  if (!p) return null;
  try {
    await get('/api/sessions/me', p.playerToken);
    return p;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      localStorage.removeItem(KEY);
      return null;
    }
    return p; // the server could not be asked: keep it, a seat request will tell
  }
}
