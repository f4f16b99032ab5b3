import type { ReactNode } from 'react';
import type { Role } from '@shared/roles';
import { useCurrentRole } from '../api/team';
import { sharedControlShownTo } from '../hooks/use-unread-role';

/**
 * Shows `children` only to a role at least `least` (the server refuses the rest anyway,
 * docs/decisions.md #161); otherwise `why`, so a hidden thing is explained, not just missing. Nothing until the
 * role is read (`sharedControlShownTo`).
 */
export function RoleGate({
  least,
  why,
  children,
}: {
  least: Role;
  why?: (role: Role) => ReactNode;
  children: ReactNode;
}) {
  const role = useCurrentRole();
  if (sharedControlShownTo(role, least)) return children;
  return role && why ? why(role) : null;
}
