/**
 * QuickBooks' fault bodies: {"Fault":{"Error":[{"Message","Detail","code","element"}],"type"},"time"}
 * (Intuit: "Handling common errors"). The words staff read are QuickBooks' own: Message and Detail.
 */
export interface QuickBooksFaultBody {
  Fault?: { Error?: { Message?: string; Detail?: string; code?: string; element?: string }[]; type?: string };
}

export type FaultKind = 'auth' | 'throttled' | 'validation' | 'stale' | 'unavailable';

export class QuickBooksFault extends Error {
  override name = 'QuickBooksFault';
  constructor(
    readonly kind: FaultKind,
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** The fault an answer carries, or null when it is a success. */
export function faultOf(status: number, body: unknown): QuickBooksFault | null {
  const fault = (body as QuickBooksFaultBody | null)?.Fault;
  if (status < 400 && !fault) return null;
  const first = fault?.Error?.[0];
  const words = [first?.Message, first?.Detail].filter(Boolean).join(': ') || `QuickBooks answered ${status}.`;
  const code = first?.code ?? null;
  if (status === 401 || fault?.type === 'AuthenticationFault') return new QuickBooksFault('auth', words, status, code);
  if (status === 429 || fault?.type === 'ThrottleExceeded') return new QuickBooksFault('throttled', words, status, code);
  if (code === '5010') return new QuickBooksFault('stale', words, status, code);
  if (status >= 500 || fault?.type === 'SystemFault') return new QuickBooksFault('unavailable', words, status, code);
  return new QuickBooksFault('validation', words, status, code);
}

/**
 * QuickBooks refused a change dated in a period its owner closed (Close the books): Intuit's 6200, or 6210
 * when the closing date has a password (either way the API cannot write there).
 */
export const isClosedPeriod = (error: unknown): boolean => error instanceof QuickBooksFault && (error.code === '6200' || error.code === '6210');
