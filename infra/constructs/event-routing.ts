/**
 * The `paylink` event bus and everything that reacts to time or events: each catalogue rule becomes a rule
 * on the bus, each schedule a rule on the account's default bus (EventBridge allows no schedule on a
 * custom bus).
 *
 * No event is dropped silently. EventBridge invokes a Lambda asynchronously, so an event can be lost at two
 * points, and each consumer's dead-letter queue catches both:
 * - delivery (EventBridge → Lambda's async queue: throttling, a missing permission): the rule target's
 *   retry policy, then the target's dead-letter queue (the message is the event itself; its RULE_ARN and
 *   TARGET_ARN attributes say where it was going);
 * - the function (it throws or times out on every attempt): Lambda's async invoke config, then its
 *   on-failure destination, the same queue (the message is Lambda's invocation record, the event under
 *   `requestPayload`).
 * infra/redrive-dead-letters.ts reads either shape and re-drives it through the same function.
 *
 * The bus and the dead-letter queues (named, and holding what failed) live here, in the app stack; a rule is
 * defined beside its function, in the function's area's nested stack (CatalogFunction.home), and the queue's
 * policy lets exactly that rule send.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { namedResourceRemovalPolicy } from '../removal-policies';
import type { FunctionSpec } from '@functions/function-spec';
import type { CatalogFunction } from './catalog-function';

export interface EventRoutingProps {
  stage: string;
  isProduction: boolean;
}

/** The bus name: `paylink` in production (as the local runtime names it), suffixed by stage elsewhere so stages can share an account. */
export function eventBusNameFor(stage: string, isProduction: boolean): string {
  return isProduction ? 'paylink' : `paylink-${stage}`;
}

/** A consumer's dead-letter queue: named so that the redrive script finds it from the catalogue alone. */
export function deadLetterQueueNameFor(stage: string, functionName: string): string {
  return `paylink-${stage}-${functionName}-dead-letters`;
}

/** The functions EventBridge invokes: they get a dead-letter queue. */
export function isEventConsumer(spec: FunctionSpec): boolean {
  return (spec.rules ?? []).length > 0 || spec.schedule !== undefined;
}

/** SQS keeps a message at most 14 days: the time an operator has to re-drive it. */
export const DEAD_LETTER_RETENTION = Duration.days(14);

/**
 * Delivery retries (EventBridge → Lambda's async queue). These fail only when Lambda refuses the event
 * (throttling, permissions), so retry for hours: a settlement event is worth delivering late.
 */
export const RULE_TARGET_RETRY = { retryAttempts: 20, maxEventAge: Duration.hours(6) } as const;

/**
 * Function retries (Lambda's async invoke config): two more attempts, as Lambda's default, but with the
 * age bounded and the failure kept. Consumers are idempotent on the event id, so a retry is safe.
 */
export const CONSUMER_ASYNC_RETRY = { retryAttempts: 2, maxEventAge: Duration.hours(6) } as const;

/** A scheduled event older than its period is superseded by the next tick: retry until then, keep the failure. */
export function scheduleRetryFor(rateMinutes: number) {
  return { retryAttempts: 2, maxEventAge: Duration.minutes(Math.max(1, rateMinutes)) } as const;
}

export class EventRouting extends Construct {
  readonly bus: EventBus;
  private readonly props: EventRoutingProps;
  /** Each event consumer's dead-letter queue, by catalogue name. */
  readonly deadLetterQueues = new Map<string, Queue>();
  /** Every rule and schedule, wherever it is defined (its function's nested stack), by a name that says whose. */
  readonly rules = new Map<string, Rule>();

  constructor(scope: Construct, id: string, props: EventRoutingProps) {
    super(scope, id);
    this.props = props;
    this.bus = new EventBus(this, 'Bus', {
      eventBusName: eventBusNameFor(props.stage, props.isProduction),
      description: 'Paylink domain events (payments, merchants); see functions/catalog.ts for who listens',
    });
  }

  addRulesFor(catalogFunction: CatalogFunction) {
    const { spec } = catalogFunction;
    if (!isEventConsumer(spec)) return;
    const deadLetterQueue = this.deadLetterQueueFor(catalogFunction);

    (spec.rules ?? []).forEach((rule, index) => {
      const id = `Rule${index + 1}`;
      this.rules.set(
        `${catalogFunction.node.id}${id}`,
        new Rule(catalogFunction.home, id, {
          description: `${rule.source} ${rule.detailTypes.join(' | ')} → ${spec.name}`,
          // Unset is the account's default bus, where AWS services (SES) put their events.
          ...(rule.bus !== 'default' && { eventBus: this.bus }),
          eventPattern: { source: [rule.source], detailType: rule.detailTypes },
          targets: [new LambdaFunction(catalogFunction.function, { deadLetterQueue, ...RULE_TARGET_RETRY })],
        }),
      );
    });
    if (spec.schedule) {
      this.rules.set(
        `${catalogFunction.node.id}Schedule`,
        new Rule(catalogFunction.home, 'Schedule', {
          description: `Every ${spec.schedule.rateMinutes} min → ${spec.name}`,
          schedule: Schedule.rate(Duration.minutes(spec.schedule.rateMinutes)),
          targets: [
            new LambdaFunction(catalogFunction.function, {
              deadLetterQueue,
              ...scheduleRetryFor(spec.schedule.rateMinutes),
            }),
          ],
        }),
      );
    }

    const asyncRetry = spec.rules?.length ? CONSUMER_ASYNC_RETRY : scheduleRetryFor(spec.schedule!.rateMinutes);
    catalogFunction.function.configureAsyncInvoke({
      ...asyncRetry,
      onFailure: new SqsDestination(deadLetterQueue),
    });
  }

  private deadLetterQueueFor(catalogFunction: CatalogFunction): Queue {
    const { spec } = catalogFunction;
    const queue = new Queue(this, `${catalogFunction.node.id}DeadLetters`, {
      queueName: deadLetterQueueNameFor(this.props.stage, spec.name),
      retentionPeriod: DEAD_LETTER_RETENTION,
      // SQS-managed keys: EventBridge cannot write to a queue under the AWS-managed SQS KMS key, and a
      // customer key would only add a key policy to keep in step with two services.
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: namedResourceRemovalPolicy(this.props.isProduction),
    });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself the dead-letter queue of ${spec.name}'s EventBridge targets and of its asynchronous invocations; a dead-letter queue of a dead-letter queue would only move the problem.`,
    });
    this.deadLetterQueues.set(spec.name, queue);
    return queue;
  }
}
