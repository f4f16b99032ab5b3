/** `-c stage=prod`: what holds data survives a mistaken `cdk destroy` or a replacement. */
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '@functions/function-spec';
import { unacknowledgedAwsSolutionsFindings } from './nag-findings';
import { logicalIdOf, resourcesOfType, synthesizePaylink, type SynthesizedPaylink } from './synthesize-paylink';

let synthesized: SynthesizedPaylink;
beforeAll(() => {
  synthesized = synthesizePaylink({
    context: {
      stage: 'prod',
      alarmEmail: 'ops@example.co.nz',
      mailFrom: 'receipts@paylink.co.nz',
      mailIdentity: 'paylink.co.nz',
      mailVerified: 'true',
    },
  });
});

describe('production stage', () => {
  it.each([...TABLE_IDS])('table %s has deletion protection and is retained', (tableId) => {
    const { stack, resources } = synthesized;
    const table = resources[logicalIdOf(stack.tables.get(tableId))];
    expect(table?.Properties?.DeletionProtectionEnabled).toBe(true);
    expect(table?.DeletionPolicy).toBe('Retain');
    expect(table?.UpdateReplacePolicy).toBe('Retain');
  });

  it('retains the user pool, with deletion protection', () => {
    const { stack, resources } = synthesized;
    const pool = resources[logicalIdOf(stack.merchantAuth.userPool)];
    expect(pool?.Properties?.DeletionProtection).toBe('ACTIVE');
    expect(pool?.DeletionPolicy).toBe('Retain');
  });

  it('has Cognito send its emails through SES once verified, from the configured address', () => {
    const { stack, resources } = synthesized;
    const email = resources[logicalIdOf(stack.merchantAuth.userPool)]?.Properties?.EmailConfiguration as Record<
      string,
      unknown
    >;
    expect(email.EmailSendingAccount).toBe('DEVELOPER');
    expect(email.From).toBe('Paylink <receipts@paylink.co.nz>');
    expect(JSON.stringify(email.SourceArn)).toContain('identity/paylink.co.nz');
  });

  it('retains secrets (except when their create fails) and buckets, and empties nothing on delete', () => {
    const { resources } = synthesized;
    for (const [id, secret] of resourcesOfType(resources, 'AWS::SecretsManager::Secret'))
      expect(secret.DeletionPolicy, id).toBe('RetainExceptOnCreate');
    for (const [id, bucket] of resourcesOfType(resources, 'AWS::S3::Bucket'))
      expect(bucket.DeletionPolicy, id).toBe('Retain');
    expect(resourcesOfType(resources, 'Custom::S3AutoDeleteObjects')).toEqual([]);
  });

  it('names stage-scoped resources after the stage and sends mail from the configured domain', () => {
    const { stack, resources } = synthesized;
    expect(resources[logicalIdOf(stack.events.bus)]?.Properties?.Name).toBe('paylink');
    expect(resources[logicalIdOf(stack.secrets.get('stripe-secret-key')!)]?.Properties?.Name).toBe(
      'paylink/prod/stripe-secret-key',
    );
    expect(resources[logicalIdOf(stack.mailIdentity)]?.Properties?.EmailIdentity).toBe('paylink.co.nz');
    // A domain identity verifies through DNS: the operator needs its DKIM records.
    expect(Object.keys(synthesized.outputs).filter((name) => name.startsWith('MailDkimRecord'))).toHaveLength(3);
  });

  it('passes cdk-nag AwsSolutions', () => {
    expect(unacknowledgedAwsSolutionsFindings(synthesized.stack)).toEqual([]);
  });
});
