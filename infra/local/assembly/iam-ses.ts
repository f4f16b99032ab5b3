/**
 * SES v2 SendEmail (REST, `POST /v2/email/outbound-emails`) → `ses:SendEmail` on the sending identity and,
 * when the request names one, on its configuration set, with `ses:FromAddress` and `ses:Recipients`.
 *
 * SES authorizes against the identity it sends as: the From address's own identity when that address is
 * verified, else its domain's. The gate does not know which identities exist, so it allows the send when
 * either identity is allowed: the stack creates exactly the identity it grants, so the two agree for it.
 */
import type { IamCheck } from './iam-evaluate';
import { jsonBody, type ArnScope, type GatedRequest, type RequestAuthorization } from './iam-request';

interface SendEmailBody {
  FromEmailAddress?: string;
  ConfigurationSetName?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
}

/** The bare address of `Name <a@b>` or `a@b`. */
function bareAddress(address: string): string {
  return (/<([^>]+)>/.exec(address)?.[1] ?? address).trim();
}

export function sesAuthorization(request: GatedRequest, scope: ArnScope): RequestAuthorization {
  const path = request.url.split('?')[0] ?? '/';
  if (!(request.method === 'POST' && path === '/v2/email/outbound-emails')) {
    return { kind: 'unreadable', why: `SES ${request.method} ${path} is not judged locally` };
  }
  const body = jsonBody<SendEmailBody>(request);
  if (!body?.FromEmailAddress) return { kind: 'unreadable', why: 'a SendEmail without FromEmailAddress' };
  const from = bareAddress(body.FromEmailAddress);
  const domain = from.slice(from.lastIndexOf('@') + 1);
  const destination = body.Destination ?? {};
  const context = {
    'ses:FromAddress': from,
    'ses:Recipients': [
      ...(destination.ToAddresses ?? []),
      ...(destination.CcAddresses ?? []),
      ...(destination.BccAddresses ?? []),
    ].map(bareAddress),
    'ses:ApiVersion': '2',
  };
  const arn = (resource: string) => `arn:aws:ses:${scope.region}:${scope.accountId}:${resource}`;
  const identity = (name: string): IamCheck => ({
    action: 'ses:SendEmail',
    resource: arn(`identity/${name}`),
    context,
  });
  return {
    kind: 'checks',
    checks: [
      // Either identity suffices (see above): the gate takes the first one allowed.
      { ...identity(from), alternatives: [identity(domain)] },
      ...(body.ConfigurationSetName
        ? [{ action: 'ses:SendEmail', resource: arn(`configuration-set/${body.ConfigurationSetName}`), context }]
        : []),
    ],
  };
}
