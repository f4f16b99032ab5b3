/**
 * The pages a visitor most often opens first are fetched alongside the merchant app instead of after it:
 * otherwise their chunk is only asked for once the app's code has arrived and the router has started. The
 * router's `lazy` import()s of the same modules (router.tsx) then find them already loading, so nothing is
 * fetched twice.
 */
import { mayHaveStoredSession, storedSession } from '../lib/stored-session';
import { DASHBOARD_HOME_FIRST_READS, DASHBOARD_HOME_PROFILE_READ } from '../features/dashboard/api/first-reads';
import { startEarlyRead } from '../lib/early-reads';
import { RUNTIME_CONFIG_PATH, RUNTIME_CONFIG_REQUEST } from '../lib/runtime-config-request';

const earlyPages: Record<string, () => Promise<unknown>> = {
  '/': () => import('../features/landing/components/landing-page'),
  '/login': () =>
    Promise.all([import('./routes/signed-out-guard-route'), import('../features/auth/components/login-page')]),
  '/signup': () =>
    Promise.all([import('./routes/signed-out-guard-route'), import('../features/signup/components/signup-page')]),
  '/dashboard': () => import('../features/dashboard/components/dashboard-home'),
  '/dashboard/transactions': () => import('../features/transactions/components/transactions-page'),
};

/** How long the home's code waits for its heading's read before it is asked for anyway. */
const HEADING_FIRST_MS = 1_000;

/**
 * Every dashboard page waits for the guard's code, then for Amplify and /config.json to read the session,
 * before its own code and data are even asked for: with a stored session, all of it starts at once, and
 * the home's data too while the stored token is good (docs/decisions.md #102). Resolves when the page's
 * code may be asked for: on the home with a good token, once the profile's read has answered (or failed,
 * or HEADING_FIRST_MS passed) and the frame has its heading, so that the ~230 KB of code do not share a
 * slow phone's bandwidth with the few hundred bytes of the page's largest text (docs/decisions.md #108).
 */
function preloadSignedInDashboard(page: string, { onHomeProfile }: EarlyPageOptions): CodeTurns {
  if (!mayHaveStoredSession()) return NOW; // a visitor is sent to /login: none of it is needed
  // Read once: it scans localStorage and decodes the stored tokens.
  const session = storedSession();
  const accessToken = page === '/dashboard' ? (session?.accessToken ?? null) : null;
  // After the frame's first paint (main.tsx draws it at once): a phone's model of the page counts every
  // request begun before the first paint as holding it up.
  const headingRead = new Promise<void>((resolve) => {
    requestAnimationFrame(() =>
      setTimeout(() => {
        void startEarlyRead(RUNTIME_CONFIG_PATH, RUNTIME_CONFIG_REQUEST);
        if (!accessToken) return resolve();
        setTimeout(resolve, HEADING_FIRST_MS);
        for (const path of DASHBOARD_HOME_FIRST_READS) {
          const read = startEarlyRead(
            path,
            {},
            accessToken,
            path === DASHBOARD_HOME_PROFILE_READ ? onHomeProfile : undefined,
          );
          if (path === DASHBOARD_HOME_PROFILE_READ) void read.then(resolve);
        }
      }),
    );
  });
  const turns: CodeTurns = accessToken && onHomeProfile ? inTurns(headingRead) : NOW;
  void turns(1)
    .then(() => import('./routes/dashboard-guard-route'))
    .catch(() => undefined);
  // While the stored tokens are good, the session, the reads and the live updates need no Amplify
  // (lib/stored-session.ts, docs/decisions.md #108): it loads when something asks for it (a refresh, a
  // logout). Tokens about to expire are Amplify's to refresh, first thing: it is started now.
  if (!session) void import('../lib/auth').then(({ configureAuth }) => configureAuth()).catch(() => undefined);
  return turns;
}

/**
 * When the page's code may be asked for: `turn(0)` for the app, `turn(1)` and `turn(2)` for the chunks
 * preloaded beside it. Each import() adds a preload link for every chunk it needs (~70 for the home, a
 * millisecond or so each on a phone); asked for at once after a wait, they would be one long task, so
 * after the heading's wait each comes a task after the one before (docs/decisions.md #108).
 */
type CodeTurns = (turn: number) => Promise<void>;

const NOW: CodeTurns = () => Promise.resolve();

function inTurns(wait: Promise<void>): CodeTurns {
  const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
  return async (turn) => {
    await wait;
    for (let task = 0; task < turn; task += 1) await nextTask();
  };
}

export interface EarlyPageOptions {
  /** The home's early profile read answered (its JSON, not yet checked): the frame draws its heading. */
  onHomeProfile?: (json: unknown) => void;
}

/** Starts what the page at `pathname` needs first; resolves when the app's code may be asked for. */
export function preloadEarlyPage(pathname: string, options: EarlyPageOptions = {}): Promise<void> {
  const page = pathname.replace(/\/+$/, '') || '/';
  const signedIn = page === '/dashboard' || page.startsWith('/dashboard/');
  const turns = signedIn ? preloadSignedInDashboard(page, options) : NOW;
  // A failure is the router's to report (its route error screen), when it imports the same module.
  void turns(2)
    .then(() => earlyPages[page]?.())
    .catch(() => undefined);
  return turns(0);
}
