/**
 * Boots the local runtime (in-memory data) with the built SPA from web/dist, once for the whole run,
 * and tells the test workers where everything is through environment variables.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { anyPorts } from '@infra/local/ports';
import { quietAwsSdkNotices } from '@infra/local/quiet-sdk-notices';
import { HOME_READS } from './support/home-reads';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export default async function globalSetup() {
  // A newcomer without Chromium gets one line saying what to install, before anything boots.
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}: run \`sudo apt-get install chromium\` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  quietAwsSdkNotices();
  const { startLocalRuntime } = await import('@infra/local/runtime');
  // PAYLINK_E2E_STATIC_DIR lets parallel runs test their own builds (`vite build --outDir …`).
  const staticDir = process.env.PAYLINK_E2E_STATIC_DIR ?? path.join(REPO_ROOT, 'web/dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`${staticDir} is missing: run \`npm run build\` first (npm run test:e2e does).`);
  }
  const runtime = await startLocalRuntime({
    // The gateway serves the built SPA beside the API, as CloudFront does, so it is also the app origin.
    ports: anyPorts(),
    staticDir,
  });
  await loadHomeReadFunctions();
  process.env.PAYLINK_E2E_BASE_URL = runtime.gateway.url;
  process.env.PAYLINK_E2E_MAILBOX_URL = runtime.mailbox.url;
  process.env.PAYLINK_E2E_COGNITO_ENDPOINT = runtime.cognito.endpoint;
  process.env.PAYLINK_E2E_USER_POOL_ID = runtime.cognito.userPoolId;
  process.env.PAYLINK_E2E_USER_POOL_CLIENT_ID = runtime.cognito.userPoolClientId;
  return () => runtime.stop();
}

/**
 * The runtime loads a function's module on its first call, in this process. The dashboard home asks for its
 * seven reads at once (docs/decisions.md #217): seven cold loads together held every answer of the runtime,
 * static files too, for ~10 s on the busy 2-core machine, past the first test's expect. They are loaded here,
 * once, with the token authorizers they pass through, before any test opens the dashboard.
 */
async function loadHomeReadFunctions() {
  const { catalog, httpAuthorizers } = await import('@functions/catalog');
  const { loadHandler } = await import('@infra/local/function-loader');
  const paths = new Set(HOME_READS.map((read) => read.split('?')[0]));
  const reads = catalog.filter((fn) => fn.routes?.some((route) => route.method === 'GET' && paths.has(route.path)));
  if (reads.length !== paths.size) throw new Error(`the home's ${paths.size} reads matched ${reads.length} functions`);
  await Promise.all([...reads, ...Object.values(httpAuthorizers)].map(loadHandler));
}
