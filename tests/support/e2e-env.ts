/** Where the end-to-end server listens and keeps its data; separate ports let two suites run side by side. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4329);
export const e2eDataDir = `.data/e2e-${e2ePort}`;
/** The e2e server's copy of src/content (CONTENT_DIR): the content editor's spec edits it, never the repository's files. */
export const e2eContentDir = `${e2eDataDir}/content`;

/** The first owner the e2e server creates (ADMIN_EMAIL/ADMIN_PASSWORD), and where its signed-in browser state is kept. */
export const e2eOwner = { email: 'owner@e2e.test', password: 'e2e owner password 2026' };
export const ownerStorageState = `${e2eDataDir}/owner-state.json`;
/** A crew member's session, signed in once by admin.setup.ts for the specs that work as the crew. */
export const crewStorageState = `${e2eDataDir}/crew-state.json`;

/** Signs the e2e server's human-check challenges; the e2e API helpers sign and solve proofs with it. */
export const e2eHumanCheckSecret = 'e2e-human-check-secret-0123456789abcdef';

/**
 * The "a new business" spec's own server: started empty (START_EMPTY=true) two ports up (the next one is
 * the database-outage spec's own server, tests/e2e/database-outage.spec.ts), from a
 * copy of the project in its own folder (each `npm start` builds into and publishes its folder's dist/,
 * so two servers cannot share one), with its own first owner.
 */
/** NEW_BUSINESS_PORT when several suites share a machine and that port is taken. */
export const newBusinessPort = Number(process.env.NEW_BUSINESS_PORT ?? e2ePort + 2);
export const newBusinessDir = `.data/e2e-${newBusinessPort}-new-business`;
/** The copy's DATA_DIR (its outbox, storage and database), from the project root. */
export const newBusinessDataDir = `${newBusinessDir}/data`;
export const newBusinessOwner = { email: 'founder@new-business.test', password: 'new business owner password 2026' };
/** What its starter prints once the copy is made and `npm start` launched in it (playwright.config.ts waits for it). */
export const NEW_BUSINESS_SERVER_STARTING = 'Starting the new business’s server from its copy of the project';

/** The e2e server's Twilio auth token (playwright.config.ts): a spec signs the inbound webhook with it, as Twilio would. */
export const e2eTwilioAuthToken = 'e2e-twilio-auth-token-0123456789';
