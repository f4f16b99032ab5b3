/** Reads the local SES mailbox (aws-ses-v2-local's `/store`), as a person reads their inbox. */
export interface MailboxEmail {
  messageId: string;
  /** As the sender gave it: `"Display name" <address>` when the email speaks for a business. */
  from: string;
  replyTo?: string[];
  destination: { to: string[]; cc?: string[]; bcc?: string[] };
  /** The sender's own header fields (List-Unsubscribe…), name and value. */
  headers?: { name: string; value: string }[];
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

export async function emailsTo(mailboxUrl: string, to: string): Promise<MailboxEmail[]> {
  const response = await fetch(`${mailboxUrl}/store`);
  const { emails } = (await response.json()) as { emails: MailboxEmail[] };
  return emails.filter((email) => email.destination.to.some((address) => address.includes(to)));
}

/** Waits for the `count`-th email to an address (mail is sent asynchronously by some flows). */
export async function waitForEmail(
  mailboxUrl: string,
  to: string,
  options: { subject?: RegExp; count?: number; timeoutMs?: number } = {},
): Promise<MailboxEmail> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  const count = options.count ?? 1;
  for (;;) {
    const matching = (await emailsTo(mailboxUrl, to)).filter(
      (email) => !options.subject || options.subject.test(email.subject),
    );
    if (matching.length >= count) return matching[count - 1]!;
    if (Date.now() > deadline) throw new Error(`No email #${count} to ${to} ${options.subject ?? ''} within the time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link in an email's HTML whose URL contains `fragment`. */
export function linkIn(email: MailboxEmail, fragment: string): URL {
  const decodeEntities = (value: string) =>
    value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replaceAll('&amp;', '&');
  // A button's href, or a URL written out as text (the emails that carry Cognito's code write it once).
  const hrefs = [
    ...[...(email.body.html ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]!),
    ...[...(email.body.html ?? '').matchAll(/>(https?:\/\/[^<\s]+)</g)].map((match) => match[1]!),
  ].map(decodeEntities);
  const href = hrefs.find((candidate) => candidate.includes(fragment));
  if (!href) throw new Error(`No link containing ${fragment} in "${email.subject}"`);
  return new URL(href);
}
