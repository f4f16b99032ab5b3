/**
 * Amplify keeps a signed-in session's tokens in localStorage under
 * `CognitoIdentityServiceProvider.<clientId>.<username>.<accessToken|refreshToken|…>` (its default token
 * store; lib/auth sets no other). With none of those keys nobody is signed in on this browser, which the
 * signed-out pages can tell at once, without downloading Amplify (lib/auth) or config.json first.
 */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';
const TOKEN_KEY_SUFFIXES = ['.accessToken', '.refreshToken'];

/** `false` only when the browser certainly holds no Cognito tokens; when in doubt, `true` (ask Amplify). */
export function mayHaveStoredSession(): boolean {
  // Prerendering at build time (prerender.tsx) has no browser: it draws the page a visitor sees.
  if (typeof window === 'undefined') return false;
  try {
    const storage = window.localStorage;
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(TOKEN_KEY_PREFIX) && TOKEN_KEY_SUFFIXES.some((suffix) => key.endsWith(suffix))) return true;
    }
    return false;
  } catch {
    // Storage blocked (some private modes): Amplify's own answer decides, as before.
    return true;
  }
}

/** Amplify's key naming the browser's last signed-in user, `<prefix><clientId>.LastAuthUser`. */
const LAST_USER_SUFFIX = '.LastAuthUser';
/** A token that expires sooner than this is left to Amplify, which refreshes it. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * The stored access token, read without Amplify, while it is good for at least another minute; `null`
 * otherwise. Only for reads started before Amplify has loaded (lib/early-reads.ts): whether the merchant
 * is signed in is still Amplify's answer.
 */
export function storedAccessToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    const storage = window.localStorage;
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (!key?.startsWith(TOKEN_KEY_PREFIX) || !key.endsWith(LAST_USER_SUFFIX)) continue;
      const user = storage.getItem(key);
      const token = user && storage.getItem(`${key.slice(0, -LAST_USER_SUFFIX.length)}.${user}.accessToken`);
      if (token && expiresAt(token) > Date.now() + TOKEN_MARGIN_MS) return token;
    }
  } catch {
    // Storage blocked or a token that is not a JWT: Amplify decides.
  }
  return null;
}

/** A JWT's `exp` in ms (0 when it has none). */
function expiresAt(token: string): number {
  const payload = token.split('.')[1] ?? '';
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
  return typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
}
