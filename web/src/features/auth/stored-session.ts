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
