// The front door of staff accounts, roles, sign-in and the audit log. Pure and safe in the browser; its I/O is
// index.server.ts.
export { actionNeedsRole, hasRole, passwordSchema, roleLabels, screenNeedsRole, type StaffRole, staffRoles } from './roles';
export { isAppCode, secretOfOtpauth, twoFactorRequiredFor } from './sign-in-rules';
export {
  createStaffBody,
  resetPasswordBody,
  staffId,
  staffListQuery,
  unlockBody,
  updateStaffBody,
} from './staff-users';
export { enableTwoFactorBody, passwordOnlyBody, verifyCodeBody } from './two-factor';
