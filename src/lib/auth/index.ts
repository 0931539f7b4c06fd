// DOOR_HEADER
export { hasRole, type StaffRole } from './roles';
export { twoFactorRequiredFor } from './sign-in-rules';
export { createStaffBody, resetPasswordBody, staffId, staffListQuery, unlockBody, updateStaffBody } from './staff-users';
export { enableTwoFactorBody, passwordOnlyBody, verifyCodeBody } from './two-factor';
