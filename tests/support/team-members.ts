/**
 * A business's team in tests: calls made as a person for a business (the business header the web app sends),
 * and a person joining the way a real one does — invited by email, accepting from the link in that email with
 * their own session. Shared by the team, activity and role-isolation suites.
 */
import { expect } from 'vitest';
import { BUSINESS_HEADER, type Role } from '@shared/contracts/team';
import type { TestMerchant, TestRuntime } from '../integration/harness';
import { waitForEmail } from './mailbox';

export interface MemberCall {
  method?: string;
  token: string;
  /** The business the call acts for; absent, the person's own. */
  business?: string;
  body?: unknown;
}

export function callAsMember(env: TestRuntime, path: string, init: MemberCall) {
  return env.api(path, {
    method: init.method ?? 'GET',
    token: init.token,
    headers: { 'content-type': 'application/json', ...(init.business && { [BUSINESS_HEADER]: init.business }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The owner invites a new person as `role`; they open the email and accept with their own session. */
export async function joinTeam(
  env: TestRuntime,
  business: TestMerchant,
  role: Role,
  person: { fullName?: string } = {},
): Promise<TestMerchant> {
  const joiner = await env.createMerchant(person);
  const invited = await callAsMember(env, '/api/me/team/invitations', {
    method: 'POST',
    token: business.accessToken,
    body: { email: joiner.email, role },
  });
  expect(invited.status).toBe(201);
  const email = await waitForEmail(env.runtime.mailbox.url, joiner.email, { subject: /^Join / });
  const token = /\/join#([\w-]+)/.exec(email.body.text ?? '')![1]!;
  const accepted = await callAsMember(env, '/api/me/invitations/accept', {
    method: 'POST',
    token: joiner.accessToken,
    body: { token },
  });
  expect(accepted.status).toBe(200);
  return joiner;
}
