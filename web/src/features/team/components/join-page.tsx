import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { PublicPageShell } from '@web/components/public-page-shell';
import { teamStrings } from '../team-strings';

const PENDING_KEY = 'paylink.invitation';

/** The invitation's token, kept until the person is signed in (they may sign up first). */
export function takePendingInvitation(): string | null {
  try {
    const token = localStorage.getItem(PENDING_KEY);
    localStorage.removeItem(PENDING_KEY);
    return token;
  } catch {
    return null;
  }
}

/**
 * /join#<token>, the invitation email's link: keeps the token (from the fragment, which no server sees)
 * and goes on to the dashboard, whose guard asks the person to sign in (or sign up) first; the dashboard
 * then accepts it (PendingInvitation).
 */
export function JoinPage() {
  // Kept on the first render, before the redirect below leaves the page.
  const [token] = useState(() => {
    const fromLink = window.location.hash.slice(1);
    try {
      if (fromLink) localStorage.setItem(PENDING_KEY, fromLink);
    } catch {
      // Without storage the invitation cannot wait for a sign-in; the person opens the link again after it.
    }
    return fromLink;
  });
  if (token) return <Navigate to="/dashboard" replace />;
  return (
    <PublicPageShell>
      <h1 className="text-2xl font-semibold">{teamStrings.join.title}</h1>
      <p>{teamStrings.join.missing}</p>
    </PublicPageShell>
  );
}
