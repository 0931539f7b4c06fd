import { bookingNumberField as bookingNumber } from '../booking';
import { z } from '../validation';

// The offer's key is a 32-byte base64url secret; anything else cannot be one.
const key = z.string({ error: 'The link is incomplete' }).regex(/^[A-Za-z0-9_-]{32,64}$/, 'The link is incomplete');

/** POST /api/rain-check: the customer's rain check, from their personal link. */
export const rainCheckRequest = z.object({ bookingNumber, key });

/** POST /api/rain-check/answer: what the customer chooses. */
export const rainCheckAnswerBody = z.object({ bookingNumber, key, answer: z.enum(['credit', 'refund'], { error: 'Choose one of the offers' }) });
