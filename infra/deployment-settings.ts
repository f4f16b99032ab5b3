/**
 * The settings of the deployment being synthesized: the committed stage's entry in infra/stages.ts, with
 * any `-c key=value` given on the command line laid over it (`-c stage=prod -c region=ap-southeast-4`).
 * A stage without an entry there is refused: overrides change a committed stage, they do not make one.
 */
import type { Node } from 'constructs';
import { gstNumberDigits, isValidGstNumber } from '@shared/gst-number';
import { DEFAULT_STAGE, PRODUCTION_STAGE, stageSettingsOf, type StageSettings } from './stages';

export { DEFAULT_STAGE, PRODUCTION_STAGE } from './stages';

export interface DeploymentSettings extends StageSettings {
  mailIdentityExists: boolean;
  detailedRouteMetrics: boolean;
  /** Short lowercase name: part of the stack name, the bus name, secret names and log group names. */
  stage: string;
  /** Deletion protection and retained data; fixed-name resources retained except when a create fails. */
  isProduction: boolean;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw new Error(`Context value "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value;
}

function contextBoolean(node: Node, key: string): boolean | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`Context value "${key}" must be true or false, got ${JSON.stringify(value)}`);
}

export function deploymentSettingsFromContext(node: Node): DeploymentSettings {
  const stage = contextString(node, 'stage') ?? DEFAULT_STAGE;
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Context "stage" must be lowercase letters, digits and dashes (at most 20), got "${stage}"`);
  }
  const committed = stageSettingsOf(stage);
  const mailFrom = contextString(node, 'mailFrom') ?? committed.mailFrom;
  if (!EMAIL.test(mailFrom)) throw new Error(`Context "mailFrom" is not an email address: "${mailFrom}"`);
  const region = contextString(node, 'region') ?? committed.region;
  if (!REGION.test(region)) throw new Error(`Context "region" is not an AWS region: "${region}"`);
  const paylinkGstNumber = contextString(node, 'paylinkGstNumber') ?? committed.paylinkGstNumber;
  if (paylinkGstNumber !== undefined && !isValidGstNumber(paylinkGstNumber))
    throw new Error(`Context "paylinkGstNumber" is not a valid GST number: "${paylinkGstNumber}"`);
  const alarmEmail = contextString(node, 'alarmEmail') ?? committed.alarmEmail;
  if (alarmEmail !== undefined && !EMAIL.test(alarmEmail))
    throw new Error(`Context "alarmEmail" is not an email address: "${alarmEmail}"`);
  // Production's alarms must reach someone; no address is committed for it, so whoever deploys names theirs.
  if (stage === PRODUCTION_STAGE && alarmEmail === undefined)
    throw new Error(
      `Stage "${stage}" has no alarmEmail: its alarms would email no one. Set alarmEmail in its entry in infra/stages.ts (or give -c alarmEmail=you@yourdomain for one run).`,
    );
  // A sender given on the command line brings its own identity unless one is named too.
  const mailIdentity =
    contextString(node, 'mailIdentity') ?? (contextString(node, 'mailFrom') ? mailFrom : committed.mailIdentity);
  return {
    stage,
    isProduction: stage === PRODUCTION_STAGE,
    region,
    mailFrom,
    mailIdentity,
    // The committed stage's word holds for its own identity only: another one is created unless told.
    mailIdentityExists:
      contextBoolean(node, 'mailIdentityExists') ??
      (mailIdentity === committed.mailIdentity ? (committed.mailIdentityExists ?? false) : false),
    mailVerified: contextBoolean(node, 'mailVerified') ?? committed.mailVerified,
    alarmEmail,
    detailedRouteMetrics: contextBoolean(node, 'detailedRouteMetrics') ?? committed.detailedRouteMetrics ?? false,
    ...(paylinkGstNumber !== undefined && { paylinkGstNumber: gstNumberDigits(paylinkGstNumber) ?? paylinkGstNumber }),
  };
}
