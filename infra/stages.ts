/**
 * Every deployment's settings, committed in one typed place: `npm run deploy -- prod` reads the `prod`
 * entry here. A `-c key=value` on the command line overrides one setting for one run (infra/
 * deployment-settings.ts); nothing else — not the CDK CLI's CDK_DEFAULT_REGION, not the credentials'
 * region — decides where Paylink goes.
 */

export interface StageSettings {
  /**
   * The AWS region of the app stack (the CloudFront web ACL is always in us-east-1, where CloudFront
   * requires it). Sydney by default: the nearest region known to offer every service the stack uses
   * (docs/runbook.md, "Regions").
   */
  region: string;
  /** The address Paylink's email comes from. */
  mailFrom: string;
  /**
   * The SES identity that authorises `mailFrom`: a domain (`paylink.co.nz`) or the address itself. The
   * stack creates it in `region` (unless `mailIdentityExists`); a domain identity lets any address at that
   * domain send once its DKIM records are published.
   */
  mailIdentity: string;
  /**
   * The identity already exists in this account and region — verified in the SES console, or created by
   * another stage's stack (two stages sharing one domain): the stack then uses it instead of creating it,
   * which CloudFormation would refuse (an SES identity's name is its domain or address). Grants stay
   * scoped to its ARN; its DKIM records are wherever it was made, so the stack has no DKIM outputs.
   */
  mailIdentityExists?: boolean;
  /**
   * Whether the operator has seen SES report `mailIdentity` as verified. Until then Cognito sends its own
   * emails (verification codes, password resets) from its default sender, so the first deploy never waits
   * on DNS; set it to true and deploy again once the identity is verified (docs/runbook.md, "First
   * deploy"). Cognito checks the identity when the user pool is created or updated: naming an unverified
   * one fails the deploy.
   */
  mailVerified: boolean;
  /**
   * Where alarms are emailed (the address must confirm the subscription AWS sends). Production's synth
   * refuses to go without one; the repository commits none for `prod`, since only whoever deploys it
   * knows the address that will be read (the rehearsal and tests pass `-c alarmEmail=…`).
   */
  alarmEmail?: string;
  /**
   * Per-route HTTP API metrics (API Gateway's detailed metrics), for the dashboard's graphs by route group
   * and route. Off unless asked for: CloudWatch bills each route's metrics as custom metrics, about US$0.30
   * a month per metric for every route that gets traffic (README, "What a stage costs"). Off, the dashboard
   * graphs the API as a whole.
   */
  detailedRouteMetrics?: boolean;
  /**
   * Paylink's own GST number, when the business running this stage is registered for GST (docs/decisions.md
   * #118): every function reads it as PAYLINK_GST_NUMBER. Set, Paylink's fee lines in the precoded
   * Xero file carry GST and Paylink's fee statement is a tax invoice naming it; unset, they carry none.
   * `-c paylinkGstNumber=…` overrides it for one run; the synth refuses a number whose check digit is wrong.
   */
  paylinkGstNumber?: string;
}

/**
 * The stages this repository deploys. A stage not listed here is refused (by `npm run deploy` and by the
 * synth): it would take another stage's settings, and so its SES identity, which exists once per account.
 */
export const STAGES = {
  dev: {
    region: 'ap-southeast-2',
    mailFrom: 'no-reply@dev.paylink.example',
    mailIdentity: 'dev.paylink.example',
    mailVerified: false,
  },
  prod: {
    region: 'ap-southeast-2',
    mailFrom: 'no-reply@paylink.example',
    mailIdentity: 'paylink.example',
    mailVerified: false,
  },
} as const satisfies Record<string, StageSettings>;

export type StageName = keyof typeof STAGES;

/** The stage a command without one deploys. */
export const DEFAULT_STAGE: StageName = 'dev';

/** The stage whose data must survive a mistaken `cdk destroy` or a replaced resource. */
export const PRODUCTION_STAGE: StageName = 'prod';

/** Whether `stage` has an entry here. */
export function isCommittedStage(stage: string): stage is StageName {
  return Object.hasOwn(STAGES, stage);
}

/** Says why a stage not listed here is refused, and what to do. */
export function unknownStageMessage(stage: string): string {
  return `Stage "${stage}" is not in infra/stages.ts: add an entry for it there (its region, mail sender and SES identity) or choose one of: ${Object.keys(STAGES).join(', ')}.`;
}

export function stageSettingsOf(stage: string): StageSettings {
  if (!isCommittedStage(stage)) throw new Error(unknownStageMessage(stage));
  return STAGES[stage];
}
