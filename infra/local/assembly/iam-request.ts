/** What the IAM gate reads of one request, and what each service's mapping answers that it needs. */
import type { IamCheck } from './iam-evaluate';

export interface GatedRequest {
  method: string;
  /** The path and query, as the SDK sent it. */
  url: string;
  /** Lower-cased header names (Node's). */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface ArnScope {
  region: string;
  accountId: string;
}

export type RequestAuthorization =
  /** The operation is not authorized by IAM at all (Cognito's public user operations). */
  | { kind: 'public' }
  /** Every check must be allowed, or the whole request is refused. */
  | { kind: 'checks'; checks: IamCheck[] }
  /** PutEvents: each entry is judged on its own, and refused in its own answer entry. */
  | { kind: 'entries'; entries: IamCheck[] }
  /** The gate cannot tell what the request needs: refused, never waved through. */
  | { kind: 'unreadable'; why: string };

/** The operation named by an `X-Amz-Target: <prefix>.<Operation>` header (JSON protocols). */
export function targetOperation(request: GatedRequest, prefix: string): string | undefined {
  const target = String(request.headers['x-amz-target'] ?? '');
  return target.startsWith(`${prefix}.`) ? target.slice(prefix.length + 1) : undefined;
}

export function jsonBody<T>(request: GatedRequest): T | undefined {
  try {
    return JSON.parse(request.body.toString('utf8') || '{}') as T;
  } catch {
    return undefined;
  }
}
