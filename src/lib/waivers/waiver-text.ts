import { governingLawOf } from '../business';
import type { WaiverRule, WaiverWords } from './waiver-render';
import { WAIVER_VERSIONS } from './waiver-versions';

export { renderWaiverText, waiverDate, type WaiverFormWords, type WaiverParticipants, type WaiverRule, type WaiverWords } from './waiver-render';

/**
 * The safety waiver every booking signs, in English: versioned content. Changing any wording below is a
 * new version: bump WAIVER_VERSIONS.en (waiver-versions.ts), so each stored waiver names the text its
 * signer actually saw (and the stored hash still matches that text). Browser-safe: the signing page
 * renders the very same text it sends for signature, and the server renders it again to hash and store.
 * The Spanish text is waiver-text-es.ts, with its own version; docs/admin/waivers.md says why.
 */
export const WAIVER_VERSION = WAIVER_VERSIONS.en;

export const WAIVER_TITLE = 'Rental Safety Rules, Assumption of Risk and Release';

export const WAIVER_RULES: readonly WaiverRule[] = [
  {
    id: 'adult-supervision',
    title: 'An adult watches at all times',
    text: 'A responsible adult aged 18 or older watches every inflatable, game and machine the whole time it is in use or inflated, and never leaves children on it alone.',
  },
  {
    id: 'rider-limits',
    title: 'Rider limits and age groups',
    text: 'We keep to the number of riders and the age range on the product page and the unit’s safety label, and let only children of similar size play together.',
  },
  {
    id: 'nothing-on-the-unit',
    title: 'Nothing sharp, no food, no shoes',
    text: 'Riders take off shoes, glasses and jewellery and empty their pockets. No food, drinks, gum, pets, silly string, confetti, glitter or face paint on or in any unit.',
  },
  {
    id: 'no-rough-play',
    title: 'No rough play',
    text: 'No flips, somersaults, wrestling, climbing on walls or netting, or hanging from the roof. On slides: one rider at a time, sitting down and feet first, and only when the landing is clear.',
  },
  {
    id: 'weather-limits',
    title: 'Wind, lightning and rain',
    text: 'Everyone gets off at once and the blower is unplugged when the wind is over 15 mph or gusting over 20 mph, at the first thunder or lightning (we wait 30 minutes after the last thunder), and in heavy rain.',
  },
  {
    id: 'blower-and-anchors',
    title: 'Blower, cords and anchors',
    text: 'The blower stays on while anyone is on the unit; if it stops, everyone gets off calmly. Children keep away from the blower, cords, stakes and sandbags, and nobody moves, re-anchors or packs up the equipment.',
  },
  {
    id: 'fit-to-play',
    title: 'Fit to play and to supervise',
    text: 'Nobody who is pregnant, has a neck, back or heart condition, or has a recent injury uses the equipment, and nobody under the influence of alcohol or drugs uses or supervises it.',
  },
  {
    id: 'stop-and-call',
    title: 'Stop and call us',
    text: 'If a unit loses air, tears, tilts or seems unsafe in any way, we get everyone off, unplug the blower and call the rental company at once.',
  },
];


/**
 * The release itself, after the rules. Plain paragraphs, each one printed in full on the PDF. The
 * release is made under the law of the business's state (its address's 2-letter code).
 */
export const waiverSections = (governingState: string): readonly { heading: string; paragraphs: string[] }[] => [
  {
    heading: 'Assumption of risk',
    paragraphs: [
      'Bouncing, sliding, climbing and playing games are physical activities. Even with careful supervision and correct setup, people can fall, collide, twist a joint or be hurt in other ways. I understand these risks and accept them for myself and, as far as the law allows, for the children and guests I am responsible for at this event.',
    ],
  },
  {
    heading: 'Supervision and my responsibility',
    paragraphs: [
      'From the moment the crew hands over the equipment until they return to take it down, the renter and the adults named in this waiver are responsible for how it is used and supervised. I will make sure that the safety rules above are followed by everyone who uses the equipment, and I will explain them to the other adults supervising.',
    ],
  },
  {
    heading: 'Release',
    paragraphs: [
      `To the fullest extent permitted by ${governingLawOf(governingState)}, I release the rental company named above, its owners and crew from claims for injury, loss or damage arising from the use of the rented equipment at this event, except where caused by their gross negligence or wilful misconduct. I agree not to hold them responsible for injury, loss or damage caused by misuse, lack of supervision, ignoring the safety rules or the weather limits, or the condition of the property.`,
    ],
  },
  {
    heading: 'Medical help',
    paragraphs: [
      'If someone is hurt, I will call 911 when needed. I agree that the rental company may call emergency services on behalf of anyone injured while using the equipment.',
    ],
  },
  {
    heading: 'Electronic signature',
    paragraphs: [
      'I have read this waiver in full, I am at least 18 years old, and I agree to sign it electronically. My electronic signature, typed or drawn, has the same effect as a handwritten signature. A copy of the signed waiver, with the time of signing and the address of the device I signed from, is sent to my e-mail address and kept by the rental company.',
    ],
  },
];

export const WAIVER_INTRO =
  'Please read the safety rules and the release below. Each adult who will supervise the equipment can sign their own copy; at least one adult responsible for the party must sign before our crew sets up.';

/** The English waiver as data (the text every English signer has signed since version 2026-11). */
export const englishWaiverWords = (governingState: string): WaiverWords => ({
  language: 'en',
  version: WAIVER_VERSION,
  needsLegalReview: false,
  title: WAIVER_TITLE,
  intro: WAIVER_INTRO,
  rules: WAIVER_RULES,
  sections: waiverSections(governingState),
  lines: {
    version: 'Waiver version',
    booking: 'Booking',
    partyDate: 'Party date',
    renter: 'Renter',
    signedBy: 'Signed by',
    adults: 'Adults responsible for supervision',
    guests: 'Children and guests covered',
    noneNamed: 'none named',
    age: 'age {age}',
    rules: 'Safety rules. I have read each rule and will make sure it is followed:',
    yourName: '(your name)',
    yourEmail: '(your e-mail)',
  },
  form: {
    findTitle: 'Find your booking',
    findIntro: 'Enter the booking number and the e-mail address from your booking confirmation.',
    bookingNumber: 'Booking number',
    bookingNumberHint: 'It looks like {example}.',
    bookingEmail: 'E-mail used for the booking',
    bookingEmailHint: 'The address your confirmation went to.',
    open: 'Open the waiver',
    notFound: 'Booking not found',
    notOpened: 'We couldn’t open the waiver',
    lookingUp: 'Looking up your booking…',
    formTitle: 'Waiver for booking {number}',
    sign: 'Sign the waiver',
    signing: 'Signing…',
    notSaved: 'We couldn’t save your waiver',
    toastTitle: 'Waiver signed',
    toastText: 'Thank you, {name}! A copy is on its way to {email}.',
    party: 'The party',
    booking: 'Booking',
    renter: 'Renter',
    date: 'Date',
    where: 'Where',
    rentals: 'Rentals',
    noneSigned: 'No waiver has been signed for this booking yet.',
    oneSigned: '1 waiver has been signed for this booking. Every adult who supervises can sign their own.',
    manySigned: '{count} waivers have been signed for this booking. Every adult who supervises can sign their own.',
    aboutYou: 'About you',
    yourName: 'Your full name',
    yourEmail: 'Your e-mail',
    yourEmailHint: 'We send your signed copy here.',
    yourPhone: 'Your phone',
    optional: ' (optional)',
    adultsLegend: 'Adults supervising',
    adultsIntro: 'The adults (18 or older) who will watch the equipment while it is in use. Include yourself if you will.',
    adultLabel: 'Adult {n}: full name',
    adultWho: 'adult {n}',
    addAdult: 'Add another adult',
    remove: 'Remove',
    guestsLegend: 'Children and guests',
    guestsIntro: 'Optional: the children and guests who will use the equipment under this waiver.',
    guestLabel: 'Guest {n}: name',
    age: 'Age',
    guestWho: 'guest {n}',
    addGuest: 'Add a child or guest',
    rulesLegend: 'Safety rules',
    rulesIntro: 'Tick each rule to confirm you have read it and will make sure it is followed.',
    textIntro: 'This is the full text you sign, with your details filled in. Your signed copy is e-mailed to you as a PDF.',
    signLegend: 'Sign',
    consent: 'I have read the whole waiver, I am 18 or older, and I agree to sign it electronically.',
    howToSign: 'How would you like to sign?',
    drawn: 'Draw my signature',
    typed: 'Type my signature',
    typedLabel: 'Type your full name as your signature',
    typedHint: 'Typing your name here signs the waiver, just like a handwritten signature.',
    cantDraw: 'Can’t draw with a mouse or finger? Choose “Type my signature” above.',
    padLabel: 'Draw your signature',
    padHint: 'Use your mouse, finger or a stylus inside the box.',
    clear: 'Clear signature',
    signedTitle: 'Waiver signed',
    download: 'Download the signed waiver (PDF)',
    another: 'Sign another waiver for this booking',
    signedBy: 'Signed by',
    forBooking: 'for booking {number} on',
    copySent: 'A copy is on its way to your e-mail. Questions? Call {phone}.',
    noCopy:
      'This booking has had as many waiver copies e-mailed as we send, so no copy was e-mailed this time: download the PDF above to keep one. Questions? Call {phone}.',
    qrAlt: 'QR code that opens the waiver for booking {number}',
    shareTitle: 'Other adults can sign on their phone',
    shareText: 'They scan this code, or open this link, and sign their own copy. No booking e-mail needed.',
  },
});

