/**
 * The HTTP API's Lambda authorizer on merchant routes (catalogue: functions/catalog/http-authorizers.ts). An
 * HTTP API route takes one authorizer, so this one does both jobs: the request must carry CloudFront's secret
 * origin header (as origin-authorizer.ts checks on the routes without a token) AND a merchant token from our
 * user pool in `Authorization`, checked by the one verifier (functions/adapters/cognito-token-verifier.ts).
 * Without the first, a merchant's valid token would let the execute-api URL walk around CloudFront's WAF.
 * The local gateway runs this same handler on merchant routes, playing CloudFront by adding the header.
 *
 * It answers the simple response; its `context` reaches the handler as `requestContext.authorizer.lambda`
 * (functions/http/http-handler.ts `merchantIdOf`). API Gateway caches the answer per (origin header,
 * token) for a short time (infra/constructs/origin-check.ts) and refuses without invoking it a request
 * missing either header.
 */
import { merchantTokenVerifierFromEnvironment, type MerchantTokenVerifier } from '../adapters/cognito-token-verifier';
import { ORIGIN_VERIFY_HEADER, originSecretReader, type SecretReader } from './origin-authorizer';

/** What a handler reads from `requestContext.authorizer.lambda`: strings only, as API Gateway passes them. */
export interface MerchantAuthorizerContext {
  sub: string;
  email?: string;
  /** The token's sign-in time in epoch seconds, checked against the person's session cut (docs/decisions.md #200). */
  signedInAt: string;
}

export interface MerchantAuthorizerResponse {
  isAuthorized: boolean;
  context?: MerchantAuthorizerContext;
}

export function merchantTokenAuthorizer(
  options: { readSecret?: SecretReader; verifyToken?: MerchantTokenVerifier; now?: () => number } = {},
) {
  const originSecret = originSecretReader(options.readSecret, options.now);
  return async (event: { headers?: Record<string, string | undefined> }): Promise<MerchantAuthorizerResponse> => {
    // The origin first: a request that skipped CloudFront is refused whatever token it carries.
    if (!(await originSecret.matches(event.headers?.[ORIGIN_VERIFY_HEADER]))) return { isAuthorized: false };

    const token = /^Bearer (.+)$/i.exec(event.headers?.authorization ?? '')?.[1];
    if (!token) return { isAuthorized: false };
    const verified = await (options.verifyToken ?? merchantTokenVerifierFromEnvironment())(token);
    if (!verified) return { isAuthorized: false };
    const context: MerchantAuthorizerContext = { sub: verified.sub, signedInAt: String(verified.signedInAt) };
    if (verified.email) context.email = verified.email;
    return { isAuthorized: true, context };
  };
}

export const handler = merchantTokenAuthorizer();
