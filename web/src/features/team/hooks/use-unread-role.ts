/**
 * What a role that could not be read means (the businesses read has not answered yet, or failed): three readings,
 * each right for its screens. Either way the server decides what a person may do (docs/decisions.md #161); these
 * choose only what is drawn meanwhile. Every screen that asks "may this role see it?" goes through one of them.
 */
import { roleAllows, type Role } from '@shared/roles';
import { useCurrentRole } from '../api/team';

/**
 * The owner's setup screens — the home's plan and Stripe cards and its setup checklist (#282), the Stripe gate's
 * Connect screen: an unread role counts as the owner's. Whoever signed up is the owner, and for most businesses
 * the only person; hiding their one way to take a first payment while the read is slow or failed would strand
 * them, while a Manager or Staff member who clicks is refused by the server in words.
 */
export function ownerSetupShownTo(role: Role | undefined): boolean {
  return role === undefined || roleAllows(role, 'owner');
}

/**
 * A control on a screen every role shares — a link's changes, a request's Cancel, a refund, the menu's pages:
 * an unread role is below `least` until it is read. The screen is whole without the control, which appears when
 * the read answers; shown at once, it would offer Staff a button the server then refuses.
 */
export function sharedControlShownTo(role: Role | undefined, least: Role): boolean {
  return role !== undefined && roleAllows(role, least);
}

/**
 * A whole page for a role at least `least` (#235): nothing while the role is being read (the page would be drawn,
 * then swapped for the words saying whose it is); the page itself if the read failed, since its own reads are
 * scoped by the server and a failed read must not lock an owner out of their own pages; else the page or, below
 * `least`, the words.
 */
export function rolePageShownTo(
  role: Role | undefined,
  least: Role,
  roleReadFailed: boolean,
): { show: 'nothing yet' } | { show: 'page' } | { show: 'whose it is'; role: Role } {
  if (role === undefined) return { show: roleReadFailed ? 'page' : 'nothing yet' };
  return roleAllows(role, least) ? { show: 'page' } : { show: 'whose it is', role };
}

/** `ownerSetupShownTo` for the person's role in the business this browser acts for. */
export function useOwnerSetupShown(): boolean {
  return ownerSetupShownTo(useCurrentRole());
}
