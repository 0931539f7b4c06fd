/**
 * The human check (issue #22): a self-hosted proof-of-work challenge (ALTCHA, `altcha-lib`) that
 * every public form taking stock or sending mail must carry, solved in the visitor's browser off
 * the main thread. This door is browser-safe (the islands' solver and status); the functions use
 * index.server.ts.
 */
export {
  CHALLENGE_LIFETIME_SECONDS,
  challengeUsable,
  decodeProof,
  encodeProof,
  HUMAN_CHECK_FIELD,
  HUMAN_CHECK_WORK,
  humanCheckChallenge,
  humanCheckMessages,
  proofExpiresAt,
  type HumanCheckChallenge,
  type HumanCheckProblem,
  type HumanCheckProof,
  type HumanCheckSolution,
  type HumanCheckWork,
} from './proof';
