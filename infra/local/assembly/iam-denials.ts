/**
 * A refusal worded as each service words it, so the AWS SDK in the function raises the error it raises in
 * the cloud (`AccessDeniedException`): the JSON services name it in `__type`, the REST ones in the
 * `x-amzn-ErrorType` header; both carry the header, which the SDK reads first.
 */
import { randomUUID } from 'node:crypto';

export type DeniableService = 'dynamodb' | 'eventbridge' | 'sesv2' | 'secretsmanager' | 'cognito-idp' | 'execute-api';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_SERVICES: Partial<Record<DeniableService, { contentType: string; type: string }>> = {
  dynamodb: { contentType: 'application/x-amz-json-1.0', type: 'com.amazon.coral.service#AccessDeniedException' },
  eventbridge: { contentType: 'application/x-amz-json-1.1', type: 'AccessDeniedException' },
  secretsmanager: { contentType: 'application/x-amz-json-1.1', type: 'AccessDeniedException' },
  'cognito-idp': { contentType: 'application/x-amz-json-1.1', type: 'AccessDeniedException' },
};

export function accessDenied(service: DeniableService, message: string): Answer {
  const headers = { 'x-amzn-errortype': 'AccessDeniedException', 'x-amzn-requestid': randomUUID() };
  const json = JSON_SERVICES[service];
  if (json) {
    return {
      status: 400,
      headers: { ...headers, 'content-type': json.contentType },
      body: JSON.stringify({ __type: json.type, Message: message, message }),
    };
  }
  // SES v2 and API Gateway (REST): 403 Forbidden.
  return {
    status: 403,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(service === 'execute-api' ? { Message: message } : { message }),
  };
}
