import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { ENV } from '../environment';

let client: EventBridgeClient | undefined;

/** Puts one event on the `paylink` bus; throws when EventBridge did not accept it (so the caller can answer 5xx and be retried). */
export async function publishEvent(source: string, detailType: string, detail: unknown): Promise<void> {
  const busName = process.env[ENV.eventBusName];
  if (!busName) throw new Error(`${ENV.eventBusName} is not set: this function did not declare putsEvents`);
  client ??= new EventBridgeClient({});
  const result = await client.send(
    new PutEventsCommand({
      Entries: [{ EventBusName: busName, Source: source, DetailType: detailType, Detail: JSON.stringify(detail) }],
    }),
  );
  if (result.FailedEntryCount) {
    throw new Error(`EventBridge refused the event: ${result.Entries?.[0]?.ErrorMessage ?? 'unknown reason'}`);
  }
}
