import { z } from 'zod';

/**
 * Every schema imports zod from here. Zod compiles object parsers with `new Function` unless told
 * not to, and even its feature probe counts as a violation of the site's Content-Security-Policy
 * (no 'unsafe-eval'). The setting is read when a schema is created, so it must run before the
 * first `z.object(...)` anywhere: importing z from this module guarantees that. ESLint forbids
 * importing zod's values directly.
 */
z.config({ jitless: true });

export { z };
