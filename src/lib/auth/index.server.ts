// DOOR_HEADER
export { type Audit, writeAudit } from './audit.server';
export { auth } from './auth.server';
export { assertSameOrigin, currentStaff, requireStaff, type Staff } from './staff-session.server';
export { changeStaffAccount, createStaffAccount, getStaffUser, listStaffUsers, resetStaffPassword, unlockStaffAccount } from './staff-users.server';
