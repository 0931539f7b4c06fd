// The front door of the booking widget for the owner's other website (issue #39). Server side (I/O):
// functions and the housekeeping.
export { deleteOldCartRedemptions, embedChoices, embedConfig, embedCors, embedProducts, issueCartToken, MAX_EMBED_PRODUCTS, recordBookingOrigin, redeemCartToken } from './embed.server';
