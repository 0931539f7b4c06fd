import { describe, expect, it } from 'vitest';
import { twilioSignature, validTwilioSignature } from './signature.server';

// Twilio's own example from its webhook security documentation: auth token 12345, this URL and these
// parameters sign to 0/KCTR6DLpKmkAf8muzZqo1nDgQ=.
const token = '12345';
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params: [string, string][] = [
  ['CallSid', 'CA1234567890ABCDE'],
  ['Caller', '+12349013030'],
  ['Digits', '1234'],
  ['From', '+12349013030'],
  ['To', '+18005551212'],
];

describe("Twilio's request signature", () => {
  it("matches Twilio's documented example, whatever order the parameters come in", () => {
    expect(twilioSignature(token, url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(twilioSignature(token, url, [...params].reverse())).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('accepts the right signature and refuses a changed URL, parameter, token or a missing one', () => {
    expect(validTwilioSignature(token, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, params)).toBe(true);
    expect(validTwilioSignature(token, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url.replace('bar=2', 'bar=3'), params)).toBe(false);
    expect(validTwilioSignature(token, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, [...params.slice(1), ['CallSid', 'CA0']])).toBe(false);
    expect(validTwilioSignature('54321', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, params)).toBe(false);
    expect(validTwilioSignature(token, null, url, params)).toBe(false);
    expect(validTwilioSignature(token, 'short', url, params)).toBe(false);
  });

  it('signs a body with a message text (unicode, spaces) as the raw values, not form-encoded', () => {
    const inbound: [string, string][] = [['Body', 'Stop ✋ please'], ['From', '+15125550100']];
    const sig = twilioSignature('tok', 'https://x.example/api/texts/inbound', inbound);
    expect(validTwilioSignature('tok', sig, 'https://x.example/api/texts/inbound', inbound)).toBe(true);
    expect(validTwilioSignature('tok', sig, 'https://x.example/api/texts/inbound', [['Body', 'Stop+%E2%9C%8B+please'], ['From', '+15125550100']])).toBe(false);
  });
});
