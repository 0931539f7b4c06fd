import { useWords, type IslandWords, type Words } from '../shared/island-words';
import type { Messages } from '../../lib/i18n';

/** What /track-order (or /es/track-order) hands its island: the booking path's words plus the tracking page's own. */
export type TrackOrderWords = IslandWords & { trackOrder: Messages['trackOrder'] };

/** Inside TrackOrder's WordsProvider: the page's words, formats and links in its language. */
export const useTrackWords = () => useWords() as Words & { trackOrder: Messages['trackOrder'] };
