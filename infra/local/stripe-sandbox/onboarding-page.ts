/** Connect's hosted onboarding, where the merchant finishes their Stripe account (or leaves it for later). */
import type http from 'node:http';
import { escapeHtml } from '@shared/escape-html';
import { completeOnboarding, type Account } from './connect-accounts';
import { messagePage, page, type HostedPageRequest } from './hosted-page-layout';
import { redirect, sendHtml } from './http-responses';
import type { SandboxContext } from './sandbox-context';

function onboardingPage(account: Account) {
  const email = account.email as string | null;
  return page(
    'Connect your Stripe account',
    `<h1>Connect your Stripe account</h1>
<p>Account <code>${escapeHtml(account.id)}</code>${email ? ` for ${escapeHtml(email)}` : ''}.</p>
<form method="post">
<label for="business-name">Public business name</label>
<input id="business-name" name="business_name" autocomplete="organization" aria-describedby="business-name-hint" value="${escapeHtml(account.business_profile?.name ?? '')}">
<p class="note" id="business-name-hint">Customers see this name at the top of Checkout when they pay you.</p>
<button class="primary" name="action" value="complete">Complete onboarding</button>
<button name="action" value="incomplete">Leave incomplete</button></form>`,
  );
}

/** `request.id` is the account link's token. */
export function handleOnboardingPage(
  context: SandboxContext,
  request: HostedPageRequest,
  response: http.ServerResponse,
) {
  const { store } = context;
  const link = store.accountLink(request.id);
  if (!link) return sendHtml(response, 404, messagePage('Link not found', 'This onboarding link does not exist.'));
  const expired = link.expiresAt <= context.now();
  const account = store.find<Account>(link.account, null)!;
  if (request.method !== 'POST') {
    // Account links work once: a second visit, or one after five minutes, goes to refresh_url for a new link.
    if (link.state !== 'new' || expired) return redirect(response, 302, link.refreshUrl);
    link.state = 'opened';
    store.save();
    return sendHtml(response, 200, onboardingPage(account));
  }
  if (link.state !== 'opened') return redirect(response, 303, link.refreshUrl);
  link.state = 'submitted';
  const form = new URLSearchParams(request.body);
  if (form.get('action') === 'complete') {
    completeOnboarding(context, account, { businessName: form.get('business_name') ?? undefined });
  }
  store.save();
  redirect(response, 303, link.returnUrl);
}
