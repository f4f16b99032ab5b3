/**
 * The bench's /p/{id} critical path (docs/decisions.md #22): the one response that carries the amount, its
 * markup and (with a built SPA) the inlined stylesheet, in bytes on the wire as the gateway compresses them.
 * tests/bench/run.ts runs it.
 */
import http from 'node:http';
import type { TestRuntime } from '../integration/harness';
import type { BenchReport } from './report';

/** The bytes of GET /p/{id} on the wire, as the gateway (like CloudFront) compresses them: no decoding. */
function encodedBytes(url: string, encoding: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/**
 * /p/{id}'s critical path (docs/decisions.md #22): the one response that carries the amount, its markup and
 * (with a built SPA) the inlined stylesheet. The script that makes it interactive follows, off that path.
 */
export async function payerPageCriticalPath({
  env,
  report,
  problems,
  bench,
  linkId,
}: {
  env: TestRuntime;
  report: BenchReport;
  problems: string[];
  bench: string;
  linkId: string;
}) {
  const url = `${env.baseUrl}/p/${linkId}`;
  const [br, gzip, raw] = await Promise.all([
    encodedBytes(url, 'br'),
    encodedBytes(url, 'gzip'),
    encodedBytes(url, 'identity'),
  ]);
  const html = await (await env.api(`/p/${linkId}`)).text();
  const amountInHtml = html.includes('$5.50');
  if (!amountInHtml) problems.push("/p/{id}'s HTML does not show the amount");
  console.log(
    `\n/p/{id} critical path: ${amountInHtml ? 1 : 'more than 1'} request before the amount shows; document ${raw} B raw, ${gzip} B gzip, ${br} B brotli` +
      (html.includes('<style>') ? ' (stylesheet inlined)' : ' (no built SPA: unstyled; run `npm run build`)'),
  );
  report.section('payerPageCriticalPath', { requestsBeforeAmount: amountInHtml ? 1 : null, raw, gzip, brotli: br });
  report.row(
    '`/p/{id}` critical path',
    `${amountInHtml ? 1 : '>1'} request; ${gzip.toLocaleString('en-NZ')} B gzip, ${br.toLocaleString('en-NZ')} B brotli`,
    bench,
  );
}
