/** A text as the booking's page shows it (time, to, text, status). */
export interface TextMessageView {
  id: string;
  kind: string;
  to: string;
  body: string;
  status: 'pending' | 'sent' | 'failed' | 'refused';
  /** When it was queued, and when it went out (null while pending). */
  createdAt: string;
  sentAt: string | null;
  /** While pending: when the next attempt is due (after quiet hours or a provider error). */
  nextAttemptAt: string | null;
  attempts: number;
  lastError: string | null;
}

/** The consent recorded with a booking, as its page shows it. */
export interface TextConsentView {
  phone: string;
  wording: string;
  source: 'checkout' | 'staff';
  consentedAt: string;
  /** The number answered STOP (and has not answered START since). */
  stopped: boolean;
  /** When it did (its latest STOP), and the word it sent: the Texts card says so. */
  stoppedAt: string | null;
  stopKeyword: string | null;
}

export interface BookingTexts {
  /** Whether the site can send texts at all (Twilio configured). */
  configured: boolean;
  consent: TextConsentView | null;
  messages: TextMessageView[];
}

export const textStatusLabels: Record<TextMessageView['status'], string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  failed: 'Failed',
  refused: 'Not sent (number stopped texts)',
};
