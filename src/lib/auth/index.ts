// The front door of staff accounts, roles, sign-in and the audit log. Pure and safe in the browser; its I/O is
// index.server.ts.
export { hasRole, staffRoles, type StaffRole } from './roles';
export { twoFactorRequiredFor } from './sign-in-rules';
export {
  createStaffBody,
  resetPasswordBody,
  staffId,
  staffListQuery,
  unlockBody,
  updateStaffBody,
} from './staff-users';
export { enableTwoFactorBody, passwordOnlyBody, verifyCodeBody } from './two-factor';
export { passwordSchema, roleLabels } from './roles';
export { isAppCode, secretOfOtpauth } from './sign-in-rules';
