/**
 * `npm start`'s App URL: the Vite dev server in front of the local runtime. It forwards `/api` and
 * `/config.json` to the gateway (web/vite.config.ts) and answers the page routes (`/p/{id}`) with the page
 * function (web/page-routes-plugin.ts), so the browser sees one origin, as behind CloudFront.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer as createViteServer } from 'vite';
import { LOOPBACK } from './ports';
import type { LocalRuntime } from './runtime';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

export async function startAppServer(options: {
  /** 0 = one the OS chooses (`url` says which). */
  port: number;
  runtime: Pick<LocalRuntime, 'gateway' | 'stripe'>;
}): Promise<AppServer> {
  // Read by web/vite.config.ts when it loads, below.
  process.env.PAYLINK_GATEWAY_URL = options.runtime.gateway.url;
  const vite = await createViteServer({
    configFile: path.join(REPO_ROOT, 'web/vite.config.ts'),
    server: {
      port: options.port,
      host: LOOPBACK,
      strictPort: true,
      // For the dev-only /stripe-test page (features/stripe-test): the sandbox has no CORS, so the dev
      // server forwards to it from the app's own origin. Production has neither the page nor this path.
      proxy: {
        '/_stripe-sandbox': {
          target: options.runtime.stripe.url,
          rewrite: (requestPath) => requestPath.replace(/^\/_stripe-sandbox/, ''),
        },
      },
    },
    logLevel: 'warn',
    clearScreen: false,
  });
  await vite.listen();
  const { port } = vite.httpServer!.address() as AddressInfo;
  return { url: `http://${LOOPBACK}:${port}`, close: () => vite.close() };
}
