import { createContext, useContext } from 'react';
import type { Messages } from '../../lib/i18n';

/** /at's own words for the search and its results, in the page's language (given by AvailableOnDate). */
export const AtTextContext = createContext<Messages['atSearch'] | null>(null);

/** Inside AvailableOnDate: the search's words. */
export const useAtText = () => useContext(AtTextContext)!;
