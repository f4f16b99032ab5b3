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

/** The signed-in session as Amplify's storage holds it, while its tokens are good for another minute. */
export interface StoredSession {
  accessToken: string;
  userId: string;
  email: string | undefined;
}

/**
 * The browser's stored session, read without Amplify (~35 KB gzip, and its evaluation, off the dashboard's
 * first screen: docs/decisions.md #108), while its tokens are good for at least another minute by Amplify's
 * own reckoning (the token's `exp` against this browser's clock and the clock drift Amplify stored); `null`
 * otherwise, and then Amplify answers: it refreshes a token about to expire, or says nobody is signed in.
 * A stored token that is still good is exactly what Amplify would hand out; whether the API accepts it is
 * the API's answer (a 401 ends the session).
 */
export function storedSession(): StoredSession | null {
  if (typeof window === 'undefined') return null;
  try {
    const storage = window.localStorage;
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (!key?.startsWith(TOKEN_KEY_PREFIX) || !key.endsWith(LAST_USER_SUFFIX)) continue;
      const user = storage.getItem(key);
      if (!user) continue;
      const stored = (name: string) => storage.getItem(`${key.slice(0, -LAST_USER_SUFFIX.length)}.${user}.${name}`);
      const accessToken = stored('accessToken');
      if (!accessToken) continue;
      const idToken = stored('idToken');
      const access = claimsOf(accessToken);
      const id = idToken ? claimsOf(idToken) : undefined;
      const goodUntil = Date.now() + (Number(stored('clockDrift')) || 0) + TOKEN_MARGIN_MS;
      if (expiresAt(access) <= goodUntil || (id && expiresAt(id) <= goodUntil)) continue;
      const userId = id?.sub ?? access.sub;
      if (typeof userId !== 'string') continue;
      return { accessToken, userId, email: typeof id?.email === 'string' ? id.email : undefined };
    }
  } catch {
    // Storage blocked or a token that is not a JWT: Amplify decides.
  }
  return null;
}

/** The stored access token while it is good (storedSession), for the API; `null` when Amplify must answer. */
export function storedAccessToken(): string | null {
  return storedSession()?.accessToken ?? null;
}

type Claims = Record<string, unknown>;

function claimsOf(token: string): Claims {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Claims;
}

/** A JWT's `exp` in ms (0 when it has none). */
function expiresAt(claims: Claims): number {
  return typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
}
