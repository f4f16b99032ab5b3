/**
 * Every email Paylink sends, as subject + HTML + text. Plain, readable, one button: people open these on
 * a phone between customers.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from '../../shared/brand';
import { MAGIC_LINK_LIFETIME_MINUTES } from '../../shared/contracts/auth';

export interface Email {
  subject: string;
  html: string;
  text: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footnote: string,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f6f7f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;color:#0f766e">${BRAND_NAME}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#6b7280">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>
<p style="margin:16px 0 0;font-size:13px;color:#6b7280">${escapeHtml(footnote)} Questions? ${SUPPORT_EMAIL}</p>
</div></body></html>`;
}

function email(
  subject: string,
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footnote: string,
): Email {
  return {
    subject,
    html: layout(heading, paragraphs, action, footnote),
    text: [heading, '', ...paragraphs, '', `${action.label}: ${action.url}`, '', footnote].join('\n'),
  };
}

/**
 * The sign-up verification email. `link` carries Cognito's `{####}` code placeholder, which Cognito
 * replaces with the code after this trigger returns.
 */
export function verificationEmail(firstName: string, link: string): Email {
  return email(
    `Confirm your email to start your ${BRAND_NAME} trial`,
    `Welcome to ${BRAND_NAME}${firstName ? `, ${firstName}` : ''}!`,
    ['Confirm your email address to activate your account and start your 30-day free trial.'],
    { label: 'Confirm my email', url: link },
    "If you didn't sign up for Paylink, ignore this email: no account is activated without it.",
  );
}

export function passwordResetEmail(link: string): Email {
  return email(
    `Reset your ${BRAND_NAME} password`,
    'Reset your password',
    ['Someone (hopefully you) asked to reset the password of your Paylink account. Choose a new one here:'],
    { label: 'Choose a new password', url: link },
    "If you didn't ask for this, ignore this email: your password stays as it is.",
  );
}

export function magicLinkEmail(link: string): Email {
  return email(
    `Your ${BRAND_NAME} sign-in link`,
    `Sign in to ${BRAND_NAME}`,
    [`Use this link to sign in. It works once and expires in ${MAGIC_LINK_LIFETIME_MINUTES} minutes.`],
    { label: `Sign in to ${BRAND_NAME}`, url: link },
    "If you didn't ask to sign in, ignore this email: nobody can use the link without access to your inbox.",
  );
}

export function firstNameOf(fullName: string | undefined): string {
  return (fullName ?? '').trim().split(/\s+/)[0] ?? '';
}
