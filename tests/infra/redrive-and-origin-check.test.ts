/**
 * The operator's tools around the cloud's dead letters and its edge, offline: the redrive script against
 * fake SQS and Lambda clients (both shapes of dead letter, success, a second failure, junk), and the
 * origin check's handler.
 */
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import { ORIGIN_SECRET_ENV } from '@functions/environment';
import { isEventConsumer } from '@infra/constructs/event-routing';
import {
  ORIGIN_SECRET_ARN_ENV,
  ORIGIN_VERIFY_HEADER,
  originAuthorizer,
} from '@functions/authorizers/origin-authorizer';
import { consumersToRedrive, deadLetterOf, redriveQueue, redriveRegion } from '@infra/redrive-dead-letters';
import { STAGES } from '@infra/stages';

const FUNCTION_ARN = 'arn:aws:lambda:ap-southeast-2:123456789012:function:Paylink-prod-ApplyStripePaymentEvent';
const event = {
  version: '0',
  id: 'evt-1',
  'detail-type': 'checkout.session.completed',
  source: 'paylink.stripe.connect',
  detail: {},
};

/** What EventBridge puts in a target's dead-letter queue. */
const undelivered: Message = {
  MessageId: 'm-eventbridge',
  ReceiptHandle: 'r-eventbridge',
  Body: JSON.stringify(event),
  MessageAttributes: {
    RULE_ARN: { DataType: 'String', StringValue: 'arn:aws:events:…:rule/paylink/x' },
    TARGET_ARN: { DataType: 'String', StringValue: FUNCTION_ARN },
    ERROR_CODE: { DataType: 'String', StringValue: 'THROTTLING' },
    ERROR_MESSAGE: { DataType: 'String', StringValue: 'Rate exceeded' },
  },
};
/** What Lambda's on-failure destination sends. */
const functionFailed: Message = {
  MessageId: 'm-lambda',
  ReceiptHandle: 'r-lambda',
  Body: JSON.stringify({
    version: '1.0',
    requestContext: {
      requestId: 'x',
      functionArn: `${FUNCTION_ARN}:$LATEST`,
      condition: 'RetriesExhausted',
      approximateInvokeCount: 3,
    },
    requestPayload: { ...event, id: 'evt-2' },
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    responsePayload: { errorType: 'Error', errorMessage: 'DynamoDB timed out' },
  }),
};
const junk: Message = { MessageId: 'm-junk', ReceiptHandle: 'r-junk', Body: 'not json' };

function fakeAws(messages: Message[], failingEventIds: string[] = []) {
  const queue = [...messages];
  const deleted: string[] = [];
  const invoked: { functionName: string; event: { id: string } }[] = [];
  const sqs = {
    async send(command: object) {
      if (command instanceof ReceiveMessageCommand)
        return { Messages: queue.slice(0, command.input.MaxNumberOfMessages) };
      if (command instanceof DeleteMessageCommand) {
        const index = queue.findIndex((message) => message.ReceiptHandle === command.input.ReceiptHandle);
        deleted.push(queue.splice(index, 1)[0]!.MessageId!);
        return {};
      }
      throw new Error(`unexpected ${command.constructor.name}`);
    },
  };
  const lambda = {
    async send(command: object) {
      if (!(command instanceof InvokeCommand)) throw new Error(`unexpected ${command.constructor.name}`);
      expect(command.input.InvocationType).toBe('RequestResponse');
      const payload = JSON.parse(new TextDecoder().decode(command.input.Payload as Uint8Array)) as { id: string };
      invoked.push({ functionName: command.input.FunctionName!, event: payload });
      return failingEventIds.includes(payload.id)
        ? {
            StatusCode: 200,
            FunctionError: 'Unhandled',
            Payload: new TextEncoder().encode('{"errorMessage":"still broken"}'),
          }
        : { StatusCode: 200 };
    },
  };
  return { sqs, lambda, deleted, invoked, queue };
}

describe('infra/redrive-dead-letters.ts', () => {
  it("works in the stage's region from infra/stages.ts, not the profile's default, unless told another", () => {
    expect(redriveRegion('prod')).toBe(STAGES.prod.region);
    expect(redriveRegion('dev', 'ap-southeast-1')).toBe('ap-southeast-1');
    expect(() => redriveRegion('alice')).toThrow(/Stage "alice" is not in infra\/stages\.ts/);
  });

  it('reads both kinds of dead letter, and refuses what is neither', () => {
    expect(deadLetterOf(undelivered)).toEqual({ functionArn: FUNCTION_ARN, event, error: 'THROTTLING: Rate exceeded' });
    expect(deadLetterOf(functionFailed)).toEqual({
      functionArn: `${FUNCTION_ARN}:$LATEST`,
      event: { ...event, id: 'evt-2' },
      error: 'DynamoDB timed out',
    });
    expect(deadLetterOf(junk)).toBeUndefined();
    expect(deadLetterOf({ Body: '{"some":"json"}' })).toBeUndefined();
  });

  it('invokes the same function with the unchanged event and deletes only what succeeded', async () => {
    const aws = fakeAws([undelivered, functionFailed, junk], ['evt-2']);
    const result = await redriveQueue({ ...aws, queueUrl: 'https://sqs/queue' });
    expect(result).toEqual({ redriven: 1, failed: 1, unreadable: 1 });
    expect(aws.invoked).toEqual([
      { functionName: FUNCTION_ARN, event },
      { functionName: `${FUNCTION_ARN}:$LATEST`, event: { ...event, id: 'evt-2' } },
    ]);
    expect(aws.deleted).toEqual(['m-eventbridge']);
    expect(aws.queue.map((message) => message.MessageId)).toEqual(['m-lambda', 'm-junk']);
  });

  it('changes nothing on a dry run', async () => {
    const aws = fakeAws([undelivered, functionFailed]);
    const result = await redriveQueue({ ...aws, queueUrl: 'https://sqs/queue', dryRun: true });
    expect(result).toEqual({ redriven: 0, failed: 0, unreadable: 0 });
    expect(aws.invoked).toEqual([]);
    expect(aws.deleted).toEqual([]);
  });

  it("drains every event consumer's queue, or the one named", () => {
    expect(consumersToRedrive().map((spec) => spec.name)).toEqual(catalog.filter(isEventConsumer).map((s) => s.name));
    expect(consumersToRedrive('notify-merchant').map((spec) => spec.name)).toEqual(['notify-merchant']);
    expect(() => consumersToRedrive('health')).toThrow(/not an event consumer/);
  });
});

describe('the origin check', () => {
  const secret = 'a-long-random-value-from-secrets-manager';
  // The infra files share one module cache and environment (vitest.config.ts): the next file must not see the
  // ARN, and this one must not see the local runtime's own secret, which a file that booted it left set (the
  // check would then compare with that value, not the one it reads from Secrets Manager).
  let localSecret: string | undefined;
  beforeEach(() => {
    localSecret = process.env[ORIGIN_SECRET_ENV.value];
    delete process.env[ORIGIN_SECRET_ENV.value];
  });
  afterEach(() => {
    delete process.env[ORIGIN_SECRET_ARN_ENV];
    if (localSecret !== undefined) process.env[ORIGIN_SECRET_ENV.value] = localSecret;
  });
  const check = () => {
    process.env[ORIGIN_SECRET_ARN_ENV] = 'arn:aws:secretsmanager:…:secret:paylink/dev/cloudfront-origin-secret';
    let reads = 0;
    let clock = 0;
    const handler = originAuthorizer(
      async () => {
        reads++;
        return secret;
      },
      () => clock,
    );
    return { handler, reads: () => reads, advance: (ms: number) => (clock += ms) };
  };

  it("lets through only requests carrying CloudFront's secret header", async () => {
    const { handler } = check();
    expect(await handler({ headers: { [ORIGIN_VERIFY_HEADER]: secret } })).toEqual({ isAuthorized: true });
    expect(await handler({ headers: { [ORIGIN_VERIFY_HEADER]: `${secret}x` } })).toEqual({ isAuthorized: false });
    expect(await handler({ headers: { [ORIGIN_VERIFY_HEADER]: '' } })).toEqual({ isAuthorized: false });
    expect(await handler({ headers: {} })).toEqual({ isAuthorized: false });
    expect(await handler({})).toEqual({ isAuthorized: false });
  });

  it('reads the secret once, and again after a while (a rolled value takes effect)', async () => {
    const { handler, reads, advance } = check();
    await handler({ headers: {} });
    await handler({ headers: {} });
    expect(reads()).toBe(1);
    advance(10 * 60_000);
    await handler({ headers: {} });
    expect(reads()).toBe(2);
  });
});
