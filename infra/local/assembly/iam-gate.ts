/**
 * IAM, enforced on this machine: one HTTP proxy in front of each local emulator. A request signed with a
 * function's access key is judged against the identity policies of that function's role in the template,
 * and refused as the service refuses it (AccessDeniedException) when no statement allows it; an allowed
 * request goes to the emulator unchanged. The judging is @cloud-copilot/iam-simulate's (iam-evaluate.ts:
 * AGPL-3.0-or-later, a devDependency that runs only here, never in a Lambda or browser bundle).
 */
import http from 'node:http';
import { LOOPBACK, closeServer, listenOn } from '../ports';
import { accessDenied } from './iam-denials';
import { cognitoAuthorization } from './iam-cognito';
import { dynamodbAuthorization } from './iam-dynamodb';
import {
  assumedRoleArn,
  evaluate,
  unreadablePolicies,
  type IamCaller,
  type IamCheck,
  type PolicyDocument,
} from './iam-evaluate';
import { eventsAuthorization, refusedEntry } from './iam-events';
import { executeApiAuthorization, type ExecuteApiIdentity } from './iam-execute-api';
import type { ArnScope, GatedRequest, RequestAuthorization } from './iam-request';
import { secretsManagerAuthorization } from './iam-secrets';
import { sesAuthorization } from './iam-ses';
import { answerWith, exchangeWith, readBody, toUpstream, type Exchange } from './iam-upstream';

export type { PolicyDocument } from './iam-evaluate';
export type { ExecuteApiIdentity } from './iam-execute-api';

export type IamGatedService = 'dynamodb' | 'eventbridge' | 'sesv2' | 'secretsmanager' | 'cognito-idp' | 'execute-api';

export interface IamPrincipal {
  accessKeyId: string;
  roleArn: string;
  /** Statements with intrinsics already resolved to concrete local ARNs. */
  policyDocuments: PolicyDocument[];
  /** The role session's name in refusals (Lambda names it after the function); the access key if absent. */
  functionName?: string;
}

export interface IamDenial {
  accessKeyId: string;
  action: string;
  resource: string;
  reason: string;
}

export interface IamGateOptions {
  principals: IamPrincipal[];
  /** The local emulators' base URLs. */
  upstreams: Partial<Record<IamGatedService, string>>;
  region: string;
  accountId: string;
  /** The WebSocket API's id and stage in the template: the resource of `execute-api:ManageConnections`. */
  executeApi?: ExecuteApiIdentity;
  log?: (line: string) => void;
}

export interface IamGate {
  /** Where each function's SDK should send its calls (the upstream's path kept). */
  endpoints: Partial<Record<IamGatedService, string>>;
  /** Every refusal so far, in order. */
  denials: IamDenial[];
  stop(): Promise<void>;
}

type Caller = IamCaller & { accessKeyId: string };

type Authorize = (request: GatedRequest, scope: ArnScope, options: IamGateOptions) => RequestAuthorization;

const AUTHORIZATIONS: Record<IamGatedService, Authorize> = {
  dynamodb: dynamodbAuthorization,
  eventbridge: eventsAuthorization,
  sesv2: sesAuthorization,
  secretsmanager: secretsManagerAuthorization,
  'cognito-idp': cognitoAuthorization,
  'execute-api': (request, scope, options) => executeApiAuthorization(request, scope, options.executeApi),
};

/** The access key of a SigV4 `Authorization` header: `… Credential=<key>/<date>/<region>/<service>/aws4_request, …`. */
export function accessKeyOf(headers: GatedRequest['headers']): string | undefined {
  return /Credential=([^/,\s]+)\//.exec(String(headers.authorization ?? ''))?.[1];
}

export async function startIamGate(options: IamGateOptions): Promise<IamGate> {
  const scope: ArnScope = { region: options.region, accountId: options.accountId };
  const denials: IamDenial[] = [];
  const callers = new Map<string, Caller>();
  for (const principal of options.principals) {
    const caller = {
      accessKeyId: principal.accessKeyId,
      roleArn: principal.roleArn,
      policyDocuments: principal.policyDocuments,
      principalArn: assumedRoleArn(principal.roleArn, principal.functionName ?? principal.accessKeyId),
    };
    const unreadable = await unreadablePolicies(caller, scope);
    if (unreadable) {
      options.log?.(
        `IAM: the evaluator cannot read ${principal.roleArn}'s policies; its calls will be refused: ${unreadable}`,
      );
    }
    callers.set(principal.accessKeyId, caller);
  }

  function refuse(caller: Caller, check: IamCheck, reason: string) {
    denials.push({ accessKeyId: caller.accessKeyId, action: check.action, resource: check.resource, reason });
    options.log?.(`IAM refused: ${reason}`);
  }

  /** Allowed when the check or any of its alternatives is; else the first one's refusal. */
  async function judge(caller: IamCaller, check: IamCheck) {
    const first = await evaluate(caller, check, scope);
    for (const alternative of first.allowed ? [] : (check.alternatives ?? [])) {
      if ((await evaluate(caller, alternative, scope)).allowed) return { allowed: true as const };
    }
    return first;
  }

  async function handle(
    service: IamGatedService,
    upstream: URL,
    incoming: http.IncomingMessage,
    response: http.ServerResponse,
  ) {
    const body = await readBody(incoming);
    const request: GatedRequest = {
      method: incoming.method ?? 'GET',
      url: incoming.url ?? '/',
      headers: incoming.headers,
      body,
    };
    const pass = () =>
      toUpstream(upstream, request, body, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
    const exchange = (sent: Buffer) => exchangeWith(upstream, request, sent);
    // Only a registered function's key is judged. Anything else — unsigned, or signed with another key such as
    // the harness's own admin calls (key "local") — is not a function's call, and passes as it came.
    const key = accessKeyOf(request.headers);
    const caller = key === undefined ? undefined : callers.get(key);
    if (!caller) return pass();

    const authorization = AUTHORIZATIONS[service](request, scope, options);
    if (authorization.kind === 'public') return pass();
    if (authorization.kind === 'unreadable') {
      const check = {
        action: `${service}:${String(request.headers['x-amz-target'] ?? request.method)}`,
        resource: request.url,
      };
      const reason = `User: ${caller.principalArn} is not authorized: the local IAM gate cannot judge this request (${authorization.why})`;
      refuse(caller, check, reason);
      const denied = accessDenied(service, reason);
      return answerWith(response, denied.status, denied.headers, denied.body);
    }
    if (authorization.kind === 'checks') {
      for (const check of authorization.checks) {
        const decision = await judge(caller, check);
        if (decision.allowed) continue;
        refuse(caller, check, decision.message);
        const denied = accessDenied(service, decision.message);
        return answerWith(response, denied.status, denied.headers, denied.body);
      }
      return pass();
    }
    return putEventsEntryByEntry(caller, authorization.entries, request, response, pass, exchange);
  }

  /**
   * PutEvents: an entry no statement allows on its bus refuses the whole call (AccessDeniedException); an
   * entry refused only by a condition (its source, its detail type) fails in its own answer entry, and the
   * others are put on the bus, as EventBridge answers.
   */
  async function putEventsEntryByEntry(
    caller: Caller,
    entries: IamCheck[],
    request: GatedRequest,
    response: http.ServerResponse,
    pass: () => Promise<void>,
    exchange: (sent: Buffer) => Promise<Exchange>,
  ) {
    const judged = await Promise.all(entries.map(async (entry) => ({ entry, decision: await judge(caller, entry) })));
    for (const { entry, decision } of judged) {
      if (decision.allowed || !decision.noStatementForResource) continue;
      refuse(caller, entry, decision.message);
      const denied = accessDenied('eventbridge', decision.message);
      return answerWith(response, denied.status, denied.headers, denied.body);
    }
    const refused = new Map<number, ReturnType<typeof refusedEntry>>();
    judged.forEach(({ entry, decision }, index) => {
      if (decision.allowed) return;
      refuse(caller, entry, decision.message);
      refused.set(index, refusedEntry(decision.failedConditionKeys, decision.message));
    });
    if (refused.size === 0) return pass();

    const original = JSON.parse(request.body.toString('utf8')) as { Entries: unknown[] };
    const allowed = original.Entries.filter((_, index) => !refused.has(index));
    let upstream: { FailedEntryCount?: number; Entries?: unknown[] } = { FailedEntryCount: 0, Entries: [] };
    if (allowed.length > 0) {
      const answer = await exchange(Buffer.from(JSON.stringify({ ...original, Entries: allowed })));
      if (answer.status !== 200) return answerWith(response, answer.status, answer.headers, answer.body);
      upstream = JSON.parse(answer.body) as typeof upstream;
    }
    const upstreamEntries = [...(upstream.Entries ?? [])];
    const Entries = original.Entries.map((_, index) => refused.get(index) ?? upstreamEntries.shift());
    const FailedEntryCount = (upstream.FailedEntryCount ?? 0) + refused.size;
    answerWith(
      response,
      200,
      { 'content-type': 'application/x-amz-json-1.1' },
      JSON.stringify({ FailedEntryCount, Entries }),
    );
  }

  const proxies = await Promise.all(
    (Object.entries(options.upstreams) as [IamGatedService, string | undefined][])
      .filter((entry): entry is [IamGatedService, string] => entry[1] !== undefined)
      .map(async ([service, base]) => {
        const upstream = new URL(base);
        // The client closes idle keep-alive sockets, never the server (mailbox.ts says why).
        const server = http.createServer({ keepAliveTimeout: 0 }, (incoming, response) => {
          handle(service, upstream, incoming, response).catch((error: unknown) => {
            if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ message: `IAM gate: ${String(error)}` }));
          });
        });
        const port = await listenOn(server, 0);
        const path = upstream.pathname.replace(/\/$/, '');
        return { service, server, endpoint: `http://${LOOPBACK}:${port}${path}` };
      }),
  );
  return {
    endpoints: Object.fromEntries(proxies.map(({ service, endpoint }) => [service, endpoint])),
    denials,
    stop: async () => {
      await Promise.all(proxies.map(({ server }) => closeServer(server)));
    },
  };
}
