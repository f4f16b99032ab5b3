/**
 * Checks a deployed stage from outside, as an operator does after a deploy:
 *
 *   npm run smoke -- <app-url> [--link <link id>]
 *
 * Health, the SPA (its shell, a deep link, the entry script it names), a payment page answered as HTML by
 * the page function (a real link's own preview with `--link`, otherwise a made-up id's not-found page,
 * which only the function draws), `/config.json`, the security headers, the API refusing a request
 * without a token, and the realtime socket refusing a connection without one. Prints one line per check
 * and exits 1 if any failed. CI runs the same checks against the local gateway
 * (tests/integration/smoke.test.ts).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contracts/runtime-config';
import { PAYER_PAGE_DATA_ID } from '@shared/payer-page-words';

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

const TIMEOUT_MS = 10_000;
/** A made-up link id of the real shape: no link has it, so the page function must answer its not-found page. */
const MADE_UP_LINK_ID = 'smokeTest000';

class CheckFailed extends Error {}

/** The scripts a page loads: its `<script src>`s and what a prerendered page's boot script names (`data-entry`). */
function scriptsNamedIn(html: string): string[] {
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) =>
    [/\bsrc="([^"]+)"/, /\bdata-entry="([^"]+)"/].flatMap((attribute) => attribute.exec(tag)?.[1] ?? []),
  );
}
function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** The JSON a response carries; a failed check naming what came instead (an HTML page: a path not routed). */
async function jsonOf(response: Response, what: string): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  expectThat(/json/.test(type), `${what} answered ${type || 'no content type'}, not JSON (is it routed to the API?)`);
  return response.json();
}

function get(url: string, init: RequestInit = {}) {
  return fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), ...init });
}

/** The security headers CloudFront's response-headers policy adds to every answer (infra/constructs/web-hosting.ts). */
function checkSecurityHeaders(response: Response, secure: boolean): string {
  const header = (name: string) => response.headers.get(name) ?? '';
  expectThat(header('x-content-type-options') === 'nosniff', 'X-Content-Type-Options is not nosniff');
  expectThat(header('x-frame-options').toUpperCase() === 'DENY', 'X-Frame-Options is not DENY');
  expectThat(header('referrer-policy') !== '', 'no Referrer-Policy');
  if (!secure) return 'nosniff, DENY, referrer-policy (CSP and HSTS are checked on https stages only)';
  const csp = header('content-security-policy');
  expectThat(/frame-ancestors 'none'/.test(csp), "Content-Security-Policy lacks frame-ancestors 'none'");
  expectThat(/script-src 'self'(;|$)/.test(csp), "Content-Security-Policy's script-src is not 'self' alone");
  const maxAge = Number(/max-age=(\d+)/.exec(header('strict-transport-security'))?.[1] ?? 0);
  expectThat(maxAge >= 31_536_000, 'Strict-Transport-Security is missing or under a year');
  return 'nosniff, DENY, referrer-policy, CSP, HSTS';
}

/** Resolves with the HTTP status the realtime socket's upgrade was refused with; rejects if it opened. */
function refusedUpgradeStatus(realtimeUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(realtimeUrl, { handshakeTimeout: TIMEOUT_MS });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      socket.close();
      reject(new CheckFailed('the socket opened without a token'));
    });
    socket.on('error', (error) =>
      reject(new CheckFailed(`the socket failed without an HTTP answer: ${error.message}`)),
    );
  });
}

export async function runSmokeChecks(appUrl: string, options: { linkId?: string } = {}): Promise<SmokeCheck[]> {
  const origin = new URL(appUrl).origin;
  const secure = origin.startsWith('https:');
  let config: RuntimeConfig | undefined;

  const checks: [string, () => Promise<string>][] = [
    [
      'health',
      async () => {
        const response = await get(`${origin}/api/health`);
        expectThat(response.status === 200, `GET /api/health answered ${response.status}`);
        const body = (await jsonOf(response, 'GET /api/health')) as { status?: string };
        expectThat(body.status === 'ok', `GET /api/health said ${JSON.stringify(body)}`);
        return 'GET /api/health 200 ok';
      },
    ],
    [
      'SPA',
      async () => {
        // `/` is the landing page drawn at build time, whose boot script names the script it loads
        // (data-entry); any other path the SPA serves gets the app's shell and its module script.
        const landing = await get(`${origin}/`);
        expectThat(landing.status === 200, `GET / answered ${landing.status}`);
        const landingScripts = scriptsNamedIn(await landing.text());
        expectThat(landingScripts.length > 0, 'GET / names no script');
        const deep = await get(`${origin}/dashboard/transactions`);
        expectThat(deep.status === 200, `a deep link (/dashboard/transactions) answered ${deep.status}`);
        const shell = await deep.text();
        expectThat(shell.includes('<div id="root"'), 'a deep link does not get the app (no #root)');
        const shellScripts = scriptsNamedIn(shell);
        expectThat(shellScripts.length > 0, 'the app shell names no script');
        for (const script of new Set([...landingScripts, ...shellScripts])) {
          const answer = await get(new URL(script, origin).href);
          expectThat(answer.status === 200, `the script ${script} answered ${answer.status}`);
          expectThat(/javascript/.test(answer.headers.get('content-type') ?? ''), `${script} is not JavaScript`);
        }
        return `GET / and a deep link answer the app; ${[...landingScripts, ...shellScripts].join(', ')} 200`;
      },
    ],
    [
      'payment page',
      async () => {
        const linkId = options.linkId ?? MADE_UP_LINK_ID;
        const response = await get(`${origin}/p/${encodeURIComponent(linkId)}`, {
          headers: { 'user-agent': 'facebookexternalhit/1.1' },
        });
        const html = await response.text();
        expectThat(/^text\/html/.test(response.headers.get('content-type') ?? ''), '/p/{id} is not HTML');
        // Only the page function embeds the link's data; the SPA shell never does.
        expectThat(html.includes(`id="${PAYER_PAGE_DATA_ID}"`), '/p/{id} was not answered by the page function');
        if (options.linkId) {
          expectThat(response.status === 200, `/p/${linkId} answered ${response.status}`);
          const title = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
          const image = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1] ?? '';
          expectThat(title, `/p/${linkId} has no og:title`);
          expectThat(/^https?:\/\//.test(image), `/p/${linkId}'s og:image is not absolute`);
          return `/p/${linkId} 200 with its preview ("${title}")`;
        }
        expectThat(response.status === 404, `a made-up id answered ${response.status}, not 404`);
        expectThat(html.includes('<meta name="robots" content="noindex">'), 'the not-found page is indexable');
        return `a made-up id gets the page function's not-found page (404)`;
      },
    ],
    [
      'config.json',
      async () => {
        const response = await get(`${origin}/config.json`);
        expectThat(response.status === 200, `GET /config.json answered ${response.status}`);
        const parsed = runtimeConfigSchema.safeParse(await jsonOf(response, 'GET /config.json'));
        expectThat(parsed.success, `/config.json is not the runtime config: ${parsed.error?.issues[0]?.message}`);
        config = parsed.data;
        return `region ${config.region}, pool ${config.userPoolId}, realtime ${config.realtimeUrl}`;
      },
    ],
    [
      'security headers',
      async () => {
        const answers = await Promise.all(
          ['/', `/p/${MADE_UP_LINK_ID}`, '/api/health'].map(
            async (path) => [path, await get(`${origin}${path}`)] as const,
          ),
        );
        let said = '';
        for (const [path, response] of answers) {
          await response.arrayBuffer();
          try {
            said = checkSecurityHeaders(response, secure);
          } catch (error) {
            throw new CheckFailed(`${path}: ${(error as Error).message}`);
          }
        }
        return `${said}, on /, /p/{id} and /api`;
      },
    ],
    [
      'API without a token',
      async () => {
        const response = await get(`${origin}/api/me`);
        await response.arrayBuffer();
        expectThat(response.status === 401, `GET /api/me without a token answered ${response.status}, not 401`);
        return 'GET /api/me 401';
      },
    ],
    [
      'realtime without a token',
      async () => {
        expectThat(config, 'no /config.json to find the realtime URL in');
        const status = await refusedUpgradeStatus(config.realtimeUrl);
        expectThat(status === 401 || status === 403, `the upgrade was refused with ${status}, not 401/403`);
        return `${config.realtimeUrl} refused with ${status}`;
      },
    ],
  ];

  const results: SmokeCheck[] = [];
  for (const [name, check] of checks) {
    try {
      results.push({ name, ok: true, detail: await check() });
    } catch (error) {
      results.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

export function formatSmokeReport(appUrl: string, results: readonly SmokeCheck[]): string {
  const failed = results.filter((result) => !result.ok).length;
  return [
    `Smoke test of ${appUrl}`,
    ...results.map((result) => `  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name}: ${result.detail}`),
    failed ? `${failed} of ${results.length} checks failed` : `all ${results.length} checks passed`,
    '',
  ].join('\n');
}

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { link: { type: 'string' } } });
  const [appUrl] = positionals;
  if (!appUrl) throw new Error('Usage: npm run smoke -- <app-url> [--link <link id>]');
  const results = await runSmokeChecks(appUrl, { linkId: values.link });
  process.stdout.write(formatSmokeReport(appUrl, results));
  if (results.some((result) => !result.ok)) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
