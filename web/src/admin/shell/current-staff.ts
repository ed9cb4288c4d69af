/** The member the guard confirmed; every page inside the shell reads it from here. */
import type { StaffInfo, StaffRole } from '@trackline/contract/staff';
import { createContext, useContext } from 'react';

export const CurrentStaffContext = createContext<StaffInfo | null>(null);

export function useCurrentStaff(): StaffInfo {
  const staff = useContext(CurrentStaffContext);
  if (!staff) throw new Error('useCurrentStaff is used outside the staff guard');
  return staff;
}

/** `null` means everyone who is logged in; otherwise any one of the roles is enough. */
export function hasAnyRole(staff: StaffInfo, roles: readonly StaffRole[] | null): boolean {
  return roles === null || staff.roles.some((role) => roles.includes(role));
}
