// The front door of rain-outs: the offers staff make when the weather calls a date off, and the request
// bodies. Pure and safe in the browser; its I/O is index.server.ts.
export {
  answerByWords,
  answerDeadline,
  lastDayOfDeadline,
  lastDayToAnswer,
  rainCheckChoices,
  type RainCheckChoice,
  rainOutBody,
  type RainOutBody,
  type RainOutOffer,
  rainOutOfferLabels,
  rainOutOffers,
  type RainOutState,
  rainOutStateLabels,
} from './rain-outs';
export { rainCheckAnswerBody, rainCheckRequest } from './rain-check-request';
