// The front door of staff accounts, roles, sign-in and the audit log. Server side (I/O): functions, the build
// and other features' *.server.ts.
export { type Audit, type AuditEntry, customerAudit, writeAudit, writeSiteAudit } from './audit.server';
export { auth, closeAuth } from './auth.server';
export { assertSameOrigin, currentStaff, requireStaff, type Staff } from './staff-session.server';
export {
  changeStaffAccount,
  createStaffAccount,
  getStaffUser,
  listStaffUsers,
  resetStaffPassword,
  type StaffUserDto,
  unlockStaffAccount,
} from './staff-users.server';
export { createStaffUser, ensureFirstOwner, generatePassword, newStaffUser } from './staff-accounts.server';
export { opensWithAuthSecret } from './two-factor-seal.server';
