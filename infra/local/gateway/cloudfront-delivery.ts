/**
 * How the local gateway sends a response as CloudFront would send it to a phone: text compressed (brotli
 * or gzip, by Accept-Encoding, as CloudFront's automatic compression does), hashed assets cached for a
 * year, index.html revalidated every time, and the SPA fallback for addresses that are not files — so a
 * local Lighthouse run measures the bytes and round trips the cloud would cost.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { pageFileFor } from '@shared/prerendered-pages';
import { withAbsolutePreviewUrls } from '@shared/preview-urls';

export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

interface StructuredResult {
  statusCode?: number;
  headers?: Record<string, string | number | boolean>;
  body?: string;
  isBase64Encoded?: boolean;
  cookies?: string[];
}

/** Lambda's v2 payload format: a structured result, or any other value as a 200 JSON body. */
export function writeHandlerResult(request: http.IncomingMessage, response: http.ServerResponse, result: unknown) {
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as StructuredResult)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result ?? null) };
  const headers: http.OutgoingHttpHeaders = Object.fromEntries(
    Object.entries(structured.headers ?? {}).map(([name, value]) => [name, String(value)]),
  );
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const text = structured.body ?? '';
  const body = Buffer.from(text, structured.isBase64Encoded ? 'base64' : 'utf8');
  sendBody(request, response, structured.statusCode ?? 200, headers, body, body.length);
}

/** What CloudFront compresses: text, scripts, styles, JSON, SVG; never images that are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/i;
/** CloudFront compresses objects from 1,000 bytes up. */
const MIN_COMPRESS_BYTES = 1000;

/** The encoding CloudFront would pick for this request: brotli first, then gzip, else none. */
function chooseEncoding(request: http.IncomingMessage): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !quality || !/^q=0(\.0*)?$/.test(quality.trim()))
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/** Sends `body` compressed when the client takes it and the type is worth it (adds Content-Encoding and Vary). */
function sendBody(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders,
  body: Buffer | NodeJS.ReadableStream,
  size: number,
) {
  const type = String(headers['content-type'] ?? '');
  const encoding = COMPRESSIBLE.test(type) && size >= MIN_COMPRESS_BYTES ? chooseEncoding(request) : undefined;
  if (!encoding || request.method === 'HEAD') {
    response.writeHead(status, { ...headers, ...(Buffer.isBuffer(body) && { 'content-length': size }) });
    if (request.method === 'HEAD') return void response.end();
    if (Buffer.isBuffer(body)) return void response.end(body);
    return void pipeline(body, response, () => {});
  }
  response.writeHead(status, { ...headers, 'content-encoding': encoding, vary: 'Accept-Encoding' });
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ level: 6 });
  if (Buffer.isBuffer(body)) {
    compressor.end(body);
    pipeline(compressor, response, () => {});
  } else pipeline(body, compressor, response, () => {});
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** What the build leaves for its own tools (Vite's manifest in .vite/): never deployed, never served. */
const isBuildOnly = (relativePath: string) => relativePath.split(path.sep).some((segment) => segment.startsWith('.'));

/**
 * Static files as CloudFront serves the bucket: hashed assets cached for good; other extension-less
 * addresses → their prerendered page or preloading shell (shared/prerendered-pages.ts) or index.html. HTML carries absolute
 * preview URLs on the gateway's origin, as the deployment writes them with the CloudFront domain.
 */
export function serveStatic(
  staticDir: string,
  siteOrigin: string,
  pathname: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
) {
  const root = path.resolve(staticDir);
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = undefined; // not a file's name: the SPA fallback answers, as for any other unknown path
  }
  const requested = decoded === undefined ? root : path.resolve(root, `.${decoded}`);
  const isFile =
    requested.startsWith(root + path.sep) &&
    !isBuildOnly(path.relative(root, requested)) &&
    existsSync(requested) &&
    statSync(requested).isFile();
  // The prerendered landing and sign-in pages and the preloading shells, as CloudFront's routing function picks
  // them; else the shell.
  const pageFile = pageFileFor(pathname);
  const page = pageFile && existsSync(path.join(root, `.${pageFile}`)) ? `.${pageFile}` : 'index.html';
  const file = isFile ? requested : path.join(root, page);
  if (!existsSync(file)) return sendJson(response, 404, { message: 'Not Found' });
  const immutable = isFile && pathname.startsWith('/assets/');
  const headers = {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (file.endsWith('.html')) {
    const html = Buffer.from(withAbsolutePreviewUrls(readFileSync(file, 'utf8'), siteOrigin));
    return sendBody(request, response, 200, headers, html, html.length);
  }
  sendBody(request, response, 200, headers, createReadStream(file), statSync(file).size);
}
