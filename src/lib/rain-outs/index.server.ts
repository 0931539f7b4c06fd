// The front door of rain-outs, server side: staff rain out a date, customers answer, housekeeping lapses.
export { answerRainCheck, lapseRainOuts, RAIN_CHECK_NOT_FOUND, type RainCheck, rainCheckFor, type RainOutParty, rainOutDay, rainOutsOfDay, type RecentRainOut, recentRainOuts } from './rain-outs.server';
export { RAINED_OUT_NOT_PAYABLE, rainOutWaiting, refusePayingWhileRainedOut, waitingRainOut, type WaitingRainOut } from './rain-out-waiting.server';
