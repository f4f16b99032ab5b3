import type { ReactNode } from 'react';
import { roleAllows, type Role } from '@shared/roles';
import { useCurrentRole } from '../api/team';

/**
 * Shows `children` only to a role at least `least` (the server refuses the rest anyway,
 * docs/decisions.md #161); otherwise `why`, so a hidden thing is explained, not just missing.
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
  if (!role) return null;
  if (roleAllows(role, least)) return children;
  return why ? why(role) : null;
}
