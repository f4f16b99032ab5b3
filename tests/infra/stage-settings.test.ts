/**
 * Which deployments the synth accepts (issue 41, ops findings): only a stage committed in infra/stages.ts,
 * with `-c key=value` overrides of its settings; and a stage whose SES identity already exists in the
 * account (`mailIdentityExists`) uses it rather than creating a second one, which CloudFormation refuses.
 */
import { App } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { paylinkGstFromEnvironment } from '@functions/adapters/paylink-gst';
import { catalog } from '@functions/catalog';
import { deploymentSettingsFromContext } from '@infra/deployment-settings';
import { STAGES } from '@infra/stages';
import { resourcesOfType, synthesizePaylink, type SynthesizedPaylink } from './synthesize-paylink';

const settingsOf = (context: Record<string, unknown>) => deploymentSettingsFromContext(new App({ context }).node);

describe('the stage a synth is for', () => {
  it('refuses a stage that infra/stages.ts does not list, saying where stages are committed', () => {
    expect(() => settingsOf({ stage: 'alice' })).toThrow(
      /Stage "alice" is not in infra\/stages\.ts: add an entry for it there .* or choose one of: dev, prod\./,
    );
  });

  it("takes a committed stage's settings, with one-off overrides laid over them", () => {
    expect(settingsOf({ stage: 'dev' })).toMatchObject({ stage: 'dev', ...STAGES.dev, mailIdentityExists: false });
    expect(settingsOf({ stage: 'dev', region: 'ap-southeast-1', mailIdentityExists: 'true' })).toMatchObject({
      stage: 'dev',
      region: 'ap-southeast-1',
      mailIdentity: STAGES.dev.mailIdentity,
      mailIdentityExists: true,
    });
    // Another identity named on the command line is not the one the stage says exists.
    expect(settingsOf({ stage: 'dev', mailFrom: 'me@example.co.nz' })).toMatchObject({
      mailIdentity: 'me@example.co.nz',
      mailIdentityExists: false,
    });
  });
});

describe("Paylink's own GST number (docs/decisions.md #118)", () => {
  it('is unset unless a stage names it, kept as digits, and refused when its check digit is wrong', () => {
    expect(settingsOf({ stage: 'dev' }).paylinkGstNumber).toBeUndefined();
    expect(settingsOf({ stage: 'dev', paylinkGstNumber: '49-091-850' }).paylinkGstNumber).toBe('49091850');
    expect(() => settingsOf({ stage: 'dev', paylinkGstNumber: '49-091-851' })).toThrow(
      /"paylinkGstNumber" is not a valid GST number/,
    );
  });

  it('reaches the functions as PAYLINK_GST_NUMBER, read as registered only when valid', () => {
    expect(paylinkGstFromEnvironment({ PAYLINK_GST_NUMBER: '49091850' })).toEqual({ gstNumber: '49091850' });
    expect(paylinkGstFromEnvironment({ PAYLINK_GST_NUMBER: '49091851' })).toEqual({ gstNumber: null });
    expect(paylinkGstFromEnvironment({})).toEqual({ gstNumber: null });
  });
});

describe("production's alarms", () => {
  it('refuse a prod synth without an alarmEmail, saying where to set one', () => {
    expect(() => settingsOf({ stage: 'prod' })).toThrow(
      /Stage "prod" has no alarmEmail: its alarms would email no one\. Set alarmEmail in its entry in infra\/stages\.ts \(or give -c alarmEmail=/,
    );
    expect(settingsOf({ stage: 'prod', alarmEmail: 'ops@example.co.nz' })).toMatchObject({
      isProduction: true,
      alarmEmail: 'ops@example.co.nz',
    });
    // Other stages may go without one (a dev stage's alarms are seen on its dashboard).
    expect(settingsOf({ stage: 'dev' }).alarmEmail).toBeUndefined();
  });
});

describe('a stage whose SES identity already exists (mailIdentityExists)', () => {
  let existing: SynthesizedPaylink;
  beforeAll(() => {
    // The functions that send mail are the ones whose grants matter; the rest only slow the synth.
    existing = synthesizePaylink({
      context: { stage: 'dev', mailIdentityExists: 'true' },
      functions: catalog.filter((spec) => spec.sendsEmail),
    });
  });

  it('creates no identity and has no DKIM outputs, only a note naming the identity in use', () => {
    expect(resourcesOfType(existing.resources, 'AWS::SES::EmailIdentity')).toEqual([]);
    expect(Object.keys(existing.outputs).filter((key) => key.startsWith('MailDkimRecord'))).toEqual([]);
    expect(existing.outputs.MailIdentityInUse?.Value).toBe(STAGES.dev.mailIdentity);
  });

  it("still grants sending only on that identity's ARN and the stage's configuration set", () => {
    const senders = catalog.filter((spec) => spec.sendsEmail);
    expect(senders.length).toBeGreaterThan(0);
    const identity = {
      'Fn::Join': [
        '',
        [`arn:aws:ses:${STAGES.dev.region}:`, { Ref: 'AWS::AccountId' }, `:identity/${STAGES.dev.mailIdentity}`],
      ],
    };
    for (const spec of senders) {
      const role = existing.stack.functions.get(spec.name)!.role;
      const statements = existing.stack.resolve(
        (role.node.tryFindChild('DefaultPolicy') as { document: unknown } | undefined)?.document,
      ) as { Statement: { Action: string | string[]; Resource: unknown }[] };
      const sending = statements.Statement.filter((statement) => [statement.Action].flat().includes('ses:SendEmail'));
      expect(sending, spec.name).toHaveLength(1);
      // SES authorises a send on the identity and on the configuration set it names (docs/decisions.md #201).
      const resources = [sending[0]!.Resource].flat().map((resource) => JSON.stringify(resource));
      expect(resources, spec.name).toHaveLength(2);
      expect(resources, spec.name).toContain(JSON.stringify(identity));
      expect(
        resources.find((resource) => resource !== JSON.stringify(identity)),
        spec.name,
      ).toMatch(/:configuration-set\/",\{"Ref":"MailEvents/);
    }
  });
});
