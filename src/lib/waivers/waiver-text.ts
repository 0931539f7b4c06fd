import { governingLawOf } from '../business';
import { formatLongDate } from '../time';

/**
 * The safety waiver every booking signs: versioned content. Changing any wording below is a new
 * version: bump WAIVER_VERSION, so each stored waiver names the text its signer actually saw (and
 * the stored hash still matches that text). Browser-safe: the signing page renders the very same
 * text it sends for signature, and the server renders it again to hash and store.
 */
export const WAIVER_VERSION = '2026-11';

export const WAIVER_TITLE = 'Rental Safety Rules, Assumption of Risk and Release';

export interface WaiverRule {
  /** Stable id: stored in waivers.rules_acknowledged and used as the form field name. */
  id: string;
  /** Short name shown as the checkbox heading. */
  title: string;
  text: string;
}

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

export const WAIVER_RULE_IDS = WAIVER_RULES.map((r) => r.id);

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

export interface WaiverParticipants {
  businessName: string;
  /** The business's state, 2-letter code: its law governs the release. */
  governingState: string;
  bookingNumber: string;
  /** 'YYYY-MM-DD', the party's local date. */
  eventDate: string;
  renterName: string;
  signerName: string;
  signerEmail: string;
  signerPhone?: string | undefined;
  /** The adults responsible for supervision during the party. */
  adults: { name: string }[];
  /** Children and other guests covered; age is optional. */
  guests: { name: string; age?: number | undefined }[];
}

/** Collapses runs of whitespace so the same name typed with an extra space hashes the same way. */
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The complete text the signer agrees to, with the booking and the people filled in. This exact
 * string is shown, hashed (text_sha256), stored (signed_text) and printed on the PDF.
 */
export function renderWaiverText(p: WaiverParticipants): string {
  const adults = p.adults.map((a) => clean(a.name)).filter(Boolean);
  const guests = p.guests
    .map((g) => ({ name: clean(g.name), age: g.age }))
    .filter((g) => g.name)
    .map((g) => (g.age === undefined ? g.name : `${g.name} (age ${g.age})`));
  const lines: string[] = [
    `${p.businessName}: ${WAIVER_TITLE}`,
    `Waiver version ${WAIVER_VERSION}`,
    '',
    `Booking: ${p.bookingNumber}`,
    // formatLongDate is written by hand, not with Intl: the text is hashed, so it must come out the
    // same in every browser and on the server, whatever their ICU data.
    `Party date: ${formatLongDate(p.eventDate)}`,
    `Renter: ${clean(p.renterName)}`,
    `Signed by: ${clean(p.signerName)} (${p.signerEmail.trim().toLowerCase()}${p.signerPhone?.trim() ? `, ${clean(p.signerPhone)}` : ''})`,
    `Adults responsible for supervision: ${adults.length ? adults.join('; ') : 'none named'}`,
    `Children and guests covered: ${guests.length ? guests.join('; ') : 'none named'}`,
    '',
    'Safety rules. I have read each rule and will make sure it is followed:',
    ...WAIVER_RULES.map((r, i) => `${i + 1}. ${r.title}. ${r.text}`),
  ];
  for (const section of waiverSections(p.governingState)) {
    lines.push('', section.heading, ...section.paragraphs);
  }
  return lines.join('\n');
}
