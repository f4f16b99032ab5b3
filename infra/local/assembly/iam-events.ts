/**
 * EventBridge (JSON, `X-Amz-Target: AWSEvents.<Operation>`) → the checks AWS makes. PutEvents is judged entry
 * by entry: `events:PutEvents` on the entry's bus (its EventBusName, a name or an ARN; the default bus when
 * absent), with the entry's `events:source` and `events:detail-type`; a refused entry fails in the answer
 * (NotAuthorizedForSourceException…) while the others go on, as EventBridge does.
 */
import { jsonBody, targetOperation, type ArnScope, type GatedRequest, type RequestAuthorization } from './iam-request';

interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  EventBusName?: string;
}

export function busArn(scope: ArnScope, busName = 'default'): string {
  return busName.startsWith('arn:')
    ? busName
    : `arn:aws:events:${scope.region}:${scope.accountId}:event-bus/${busName}`;
}

export function eventsAuthorization(request: GatedRequest, scope: ArnScope): RequestAuthorization {
  const operation = targetOperation(request, 'AWSEvents');
  const body = jsonBody<{ Entries?: PutEventsEntry[]; EventBusName?: string; Name?: string }>(request);
  if (!operation || !body) return { kind: 'unreadable', why: 'not an EventBridge JSON request' };
  if (operation !== 'PutEvents') {
    // Other operations name a bus (EventBusName) or one of its rules; the functions call only PutEvents.
    return { kind: 'unreadable', why: `EventBridge ${operation} is not judged locally` };
  }
  return {
    kind: 'entries',
    entries: (body.Entries ?? []).map((entry) => ({
      action: 'events:PutEvents',
      resource: busArn(scope, entry.EventBusName),
      context: {
        ...(entry.Source !== undefined && { 'events:source': entry.Source }),
        ...(entry.DetailType !== undefined && { 'events:detail-type': entry.DetailType }),
      },
      singleValuedKeys: ['events:source', 'events:detail-type'],
    })),
  };
}

/** The answer entry of one refused PutEvents entry, with the code EventBridge gives for its cause. */
export function refusedEntry(failedConditionKeys: string[], message: string) {
  const keys = failedConditionKeys.map((key) => key.toLowerCase());
  const ErrorCode = keys.includes('events:source')
    ? 'NotAuthorizedForSourceException'
    : keys.includes('events:detail-type')
      ? 'NotAuthorizedForDetailTypeException'
      : 'AccessDeniedException';
  return { ErrorCode, ErrorMessage: message };
}
