export { businessesQuery, useCurrentRole } from './api/team';
export { ActivityCard } from './components/activity-card';
export { BusinessSwitcher } from './components/business-switcher';
export { PendingInvitation } from './components/pending-invitation';
export { RoleGate } from './components/role-gate';
export { RolePage } from './components/role-page';
export { TeamCard } from './components/team-card';
export { teamStrings } from './team-strings';
export { useBusinessWithoutOwn } from './hooks/use-business-without-own';
