/**
 * `npm run bench`: latency of the local gateway's slice (public and merchant routes) and the size of
 * the built SPA's chunks. Not part of `npm test`: timings vary with the machine; read them, don't assert them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { quietAwsSdkNotices } from '../../infra/local/quiet-sdk-notices';

quietAwsSdkNotices();
const { bootLocalRuntime } = await import('../integration/harness');

const REQUESTS = 500;

async function measure(label: string, request: () => Promise<Response>) {
  for (let i = 0; i < 20; i++) await (await request()).arrayBuffer(); // warm up
  const timings: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(2);
  console.log(
    `${label.padEnd(28)} p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   p99 ${at(0.99)} ms   (${REQUESTS} sequential)`,
  );
}

function bundleSizes() {
  const assets = path.resolve(import.meta.dirname, '../../web/dist/assets');
  let files: string[];
  try {
    files = readdirSync(assets).filter((file) => file.endsWith('.js') || file.endsWith('.css'));
  } catch {
    console.log('web/dist not built: run `npm run build` for bundle sizes');
    return;
  }
  console.log('\nweb/dist/assets (raw / gzip bytes)');
  for (const file of files.sort()) {
    const full = path.join(assets, file);
    console.log(
      `  ${file.padEnd(40)} ${String(statSync(full).size).padStart(8)} ${String(gzipSync(readFileSync(full)).length).padStart(8)}`,
    );
  }
}

const env = await bootLocalRuntime();
try {
  const merchant = await env.createMerchant();
  await measure('GET /api/health', () => env.api('/api/health'));
  await measure('GET /api/me (JWT verified)', () => env.api('/api/me', { token: merchant.accessToken }));
} finally {
  await env.stop();
}
bundleSizes();
