/**
 * What a deletion does to each kind of resource, in one place.
 *
 * Outside production a stack is disposable: `cdk destroy` removes everything it made. In production:
 * - Data (tables, the user pool, the site bucket) is retained with deletion protection: a mistaken
 *   `cdk destroy` or a replacement never deletes a merchant's records. These have names CloudFormation
 *   generates, so a copy left by a failed first deploy never blocks the retry (runbook: "First deploy").
 * - Resources with a name of ours (secrets `paylink/prod/*`, log groups, dead-letter queues, the SES
 *   identity) are RetainExceptOnCreate: kept once they exist, but deleted when the create that made them
 *   rolls back, so the retry is not refused with "already exists".
 */
import { RemovalPolicy } from 'aws-cdk-lib';

/** For what holds merchants' data. */
export const dataRemovalPolicy = (isProduction: boolean) =>
  isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

/** For what has a fixed name (or keys that encrypt what is kept). */
export const namedResourceRemovalPolicy = (isProduction: boolean) =>
  isProduction ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;
