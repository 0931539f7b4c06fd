import { fieldsFromZod } from '../../src/lib/http/errors';

/** A submission id every public form accepts (the forms' schemas want a UUID to de-duplicate a resend). */
export const submissionId = '3b241101-e2bb-4255-8caf-4136c566a962';

/** What a form would show beside each field for a schema's `safeParse` result: `{}` when it passed. */
export const fieldErrors = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldsFromZod(result.error as never));
