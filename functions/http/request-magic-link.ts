import { magicLinkRequestSchema, type MagicLinkResponse } from '../../shared/contracts/auth';
import { ENV } from '../catalog';
import { sendEmail } from '../adapters/mailer';
import { merchantStore } from '../adapters/merchant-store';
import { oneTimeRecordStore } from '../adapters/one-time-record-store';
import { readSecret } from '../adapters/secrets';
import { requestMagicLink } from '../domain/magic-links';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const { email } = magicLinkRequestSchema.parse(jsonBody(event));
  await requestMagicLink(email, {
    key: await readSecret('magic-link-key'),
    records: oneTimeRecordStore,
    merchants: merchantStore,
    sendEmail,
    appOrigin: process.env[ENV.appOrigin] ?? '',
    now: new Date(),
  });
  const body: MagicLinkResponse = { accepted: true };
  return { status: 202, body };
});
