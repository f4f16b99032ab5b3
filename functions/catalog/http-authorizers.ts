/**
 * The HTTP API's two Lambda authorizers. They are catalogue entries, so their code lives with the other
 * functions and is bundled the same way, but not among `catalog`'s functions: each has only its own role
 * (the origin secret and its logs), built by infra/constructs/origin-check.ts, and no route of its own.
 * The local gateway runs the merchant one on merchant routes (infra/local/gateway.ts).
 * Part of the catalogue (functions/catalog.ts exports it as `httpAuthorizers`).
 */
import type { FunctionSpec } from '../function-spec';

export const httpAuthorizerFunctions = {
  origin: {
    name: 'origin-check',
    description: "Lets through only requests carrying CloudFront's secret origin header",
    entry: 'functions/authorizers/origin-authorizer.ts',
    httpAuthorizer: 'origin',
    timeoutSeconds: 5,
  },
  merchantToken: {
    name: 'merchant-check',
    description: "Lets through only requests carrying CloudFront's secret origin header and a valid merchant token",
    entry: 'functions/authorizers/merchant-token-authorizer.ts',
    httpAuthorizer: 'origin-and-merchant-token',
    timeoutSeconds: 5,
  },
} as const satisfies Record<string, FunctionSpec>;
