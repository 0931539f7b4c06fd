/**
 * A worker of the human check's solver: altcha-lib's own worker loop (it answers solveChallengeWorkers'
 * messages) with the WebCrypto PBKDF2 the browser has natively. A file of this origin, as the CSP requires
 * (workers fall back to script-src, whose only origin is 'self': no blob: workers).
 */
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
