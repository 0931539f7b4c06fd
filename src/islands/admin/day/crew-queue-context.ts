import { createContext, useContext } from 'react';
import type { QueuedAction } from '../../../lib/crew-app';

/** The actions waiting to send, by booking: the day screen provides them, each stop shows its own. */
export const WaitingActions = createContext<ReadonlyMap<string, QueuedAction[]>>(new Map());

export const useWaitingActions = (bookingId: string): QueuedAction[] => useContext(WaitingActions).get(bookingId) ?? [];
