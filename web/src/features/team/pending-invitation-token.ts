/**
 * The invitation's token, kept from the join page until the person is signed in (they may sign in first, or in
 * another tab), when the dashboard accepts it (PendingInvitation).
 */
const PENDING_KEY = 'paylink.invitation';

export function keepPendingInvitation(token: string): void {
  try {
    localStorage.setItem(PENDING_KEY, token);
  } catch {
    // Without storage the invitation cannot wait for a sign-in; the person opens the link again after it.
  }
}

/** The kept token, once: taking it forgets it. */
export function takePendingInvitation(): string | null {
  try {
    const token = localStorage.getItem(PENDING_KEY);
    localStorage.removeItem(PENDING_KEY);
    return token;
  } catch {
    return null;
  }
}
