/**
 * Re-drives a deployed stage's dead letters through the consumers that failed them:
 *
 *   npx tsx infra/redrive-dead-letters.ts --stage prod [--function apply-stripe-payment-event] [--dry-run]
 *
 * in the stage's region (infra/stages.ts; `--region` overrides it).
 *
 * Each event consumer has one SQS dead-letter queue (infra/constructs/event-routing.ts) holding two kinds
 * of message: an event EventBridge could not deliver (the body is the event; TARGET_ARN names the function)
 * and an invocation Lambda gave up on (the body is Lambda's record; the event is `requestPayload`). Either
 * way the event is invoked again, synchronously, on the same function — unchanged, so its id still
 * deduplicates — and the message is deleted only when the function succeeds. A message that fails again
 * stays in the queue (visible again after VISIBILITY_TIMEOUT_SECONDS) with its 14-day retention.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DeleteMessageCommand, GetQueueUrlCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Message } from '@aws-sdk/client-sqs';
import { catalog } from '@functions/catalog';
import { type FunctionSpec } from '@functions/function-spec';
import { deadLetterQueueNameFor, isEventConsumer } from './constructs/event-routing';
import { stageSettingsOf } from './stages';

/** Longer than the slowest consumer's timeout: a message being re-driven is not received twice. */
const VISIBILITY_TIMEOUT_SECONDS = 300;

export interface DeadLetterMessage {
  /** The function to invoke (ARN, possibly qualified with `$LATEST`). */
  functionArn: string;
  event: unknown;
  /** Why it failed, as the message says. */
  error: string;
}

/** Reads either kind of dead letter; undefined for a message that is neither. */
export function deadLetterOf(message: Pick<Message, 'Body' | 'MessageAttributes'>): DeadLetterMessage | undefined {
  let body: unknown;
  try {
    body = JSON.parse(message.Body ?? '');
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as {
    requestContext?: { functionArn?: unknown; condition?: unknown };
    requestPayload?: unknown;
    responsePayload?: { errorMessage?: unknown } | null;
  };
  if (typeof record.requestContext?.functionArn === 'string' && 'requestPayload' in record) {
    return {
      functionArn: record.requestContext.functionArn,
      event: record.requestPayload,
      error: String(record.responsePayload?.errorMessage ?? record.requestContext.condition ?? 'function error'),
    };
  }
  const attribute = (name: string) => message.MessageAttributes?.[name]?.StringValue;
  const targetArn = attribute('TARGET_ARN');
  if (targetArn) {
    return {
      functionArn: targetArn,
      event: body,
      error: `${attribute('ERROR_CODE') ?? 'delivery failed'}: ${attribute('ERROR_MESSAGE') ?? ''}`.trim(),
    };
  }
  return undefined;
}

export interface RedriveResult {
  redriven: number;
  failed: number;
  unreadable: number;
}

type Sender = { send(command: object): Promise<unknown> };

export async function redriveQueue(options: {
  sqs: Sender;
  lambda: Sender;
  queueUrl: string;
  dryRun?: boolean;
  log?: (line: string) => void;
}): Promise<RedriveResult> {
  const { sqs, lambda, queueUrl, log = () => undefined } = options;
  const result: RedriveResult = { redriven: 0, failed: 0, unreadable: 0 };
  const seen = new Set<string>();
  for (;;) {
    const received = (await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        VisibilityTimeout: options.dryRun ? 0 : VISIBILITY_TIMEOUT_SECONDS,
        MessageAttributeNames: ['All'],
      }),
    )) as { Messages?: Message[] };
    const fresh = (received.Messages ?? []).filter((message) => !seen.has(message.MessageId ?? ''));
    if (fresh.length === 0) return result;
    for (const message of fresh) {
      seen.add(message.MessageId ?? '');
      const letter = deadLetterOf(message);
      if (!letter) {
        result.unreadable++;
        log(`  ${message.MessageId}: not a dead letter this script knows; left in the queue`);
        continue;
      }
      if (options.dryRun) {
        log(`  ${message.MessageId}: would re-drive to ${letter.functionArn} (failed: ${letter.error})`);
        continue;
      }
      const invoked = (await lambda.send(
        new InvokeCommand({
          FunctionName: letter.functionArn,
          InvocationType: 'RequestResponse',
          Payload: new TextEncoder().encode(JSON.stringify(letter.event)),
        }),
      )) as { FunctionError?: string; Payload?: Uint8Array };
      if (invoked.FunctionError) {
        result.failed++;
        const detail = invoked.Payload ? new TextDecoder().decode(invoked.Payload) : invoked.FunctionError;
        log(`  ${message.MessageId}: failed again (${detail}); left in the queue`);
        continue;
      }
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
      result.redriven++;
      log(`  ${message.MessageId}: re-driven to ${letter.functionArn}`);
    }
  }
}

/** The consumers whose queues to drain: all of the catalogue's, or the one named. */
export function consumersToRedrive(functionName?: string, functions: readonly FunctionSpec[] = catalog) {
  const consumers = functions.filter(isEventConsumer);
  if (!functionName) return consumers;
  const named = consumers.filter((spec) => spec.name === functionName);
  if (named.length === 0) {
    throw new Error(
      `${functionName} is not an event consumer; choose one of: ${consumers.map((s) => s.name).join(', ')}`,
    );
  }
  return named;
}

/**
 * Where the stage's queues and functions are: its `region` in infra/stages.ts (a stage not there is
 * refused), or the one given — never the profile's default region, which need not be the stage's.
 */
export function redriveRegion(stage: string, region?: string): string {
  return region ?? stageSettingsOf(stage).region;
}

async function main() {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      function: { type: 'string' },
      region: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (!values.stage)
    throw new Error(
      'Usage: npx tsx infra/redrive-dead-letters.ts --stage <stage> [--function <name>] [--region <aws-region>] [--dry-run]',
    );
  const region = redriveRegion(values.stage, values.region);
  console.log(`${values.stage} in ${region}`);
  const sqs = new SQSClient({ region });
  const lambda = new LambdaClient({ region });
  let failures = 0;
  for (const spec of consumersToRedrive(values.function)) {
    const queueName = deadLetterQueueNameFor(values.stage, spec.name);
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: queueName }));
    console.log(`${queueName}`);
    const result = await redriveQueue({
      sqs,
      lambda,
      queueUrl: QueueUrl!,
      dryRun: values['dry-run'],
      log: (line) => console.log(line),
    });
    console.log(`  re-driven ${result.redriven}, failed again ${result.failed}, unreadable ${result.unreadable}`);
    failures += result.failed + result.unreadable;
  }
  process.exitCode = failures > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
