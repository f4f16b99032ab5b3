/**
 * What differs between deployments of the same code, read from CDK context (`-c stage=prod`,
 * `-c mailFrom=…`) so that `cdk.json` stays the same for every environment.
 */
import type { Node } from 'constructs';

/** The stage whose data must survive a mistaken `cdk destroy` or a replaced resource. */
export const PRODUCTION_STAGE = 'prod';

export interface DeploymentSettings {
  /** Short lowercase name: part of the stack name, the bus name, secret names and log group names. */
  stage: string;
  /** Deletion protection and RemovalPolicy.RETAIN on everything that holds data. */
  isProduction: boolean;
  /** The address Paylink's email comes from. */
  mailFrom: string;
  /**
   * The SES identity that authorises `mailFrom`: a domain (`paylink.co.nz`) or the address itself.
   * A domain identity lets any address at that domain send once its DKIM records are published.
   */
  mailIdentity: string;
  /**
   * Where the SES identity lives, for Cognito's emails: the stack's own region when synth knows it
   * (credentials set), else this (`-c mailRegion=…`; default Sydney, the nearest SES region to NZ).
   */
  mailRegion: string;
  /** The app's region (`-c region=…`, else the credentials' region, else Sydney: the nearest full region to NZ). */
  region: string;
}

export const DEFAULT_STAGE = 'dev';
export const DEFAULT_MAIL_REGION = 'ap-southeast-2';
export const DEFAULT_REGION = 'ap-southeast-2';
export const DEFAULT_MAIL_FROM = 'no-reply@paylink.example';

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw new Error(`Context value "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value;
}

export function deploymentSettingsFromContext(node: Node): DeploymentSettings {
  const stage = contextString(node, 'stage') ?? DEFAULT_STAGE;
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Context "stage" must be lowercase letters, digits and dashes (at most 20), got "${stage}"`);
  }
  const mailFrom = contextString(node, 'mailFrom') ?? DEFAULT_MAIL_FROM;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom))
    throw new Error(`Context "mailFrom" is not an email address: "${mailFrom}"`);
  return {
    stage,
    isProduction: stage === PRODUCTION_STAGE,
    mailFrom,
    mailIdentity: contextString(node, 'mailIdentity') ?? mailFrom,
    mailRegion: contextString(node, 'mailRegion') ?? process.env.CDK_DEFAULT_REGION ?? DEFAULT_MAIL_REGION,
    region: contextString(node, 'region') ?? process.env.CDK_DEFAULT_REGION ?? DEFAULT_REGION,
  };
}
