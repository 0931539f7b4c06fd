import { describe, expect, it } from 'vitest';
import { helpReply, signedUrls, twiml } from './inbound.server';

describe('the inbound webhook’s answer', () => {
  it('is TwiML: an empty Response, or the reply as a Message with its XML characters escaped', () => {
    expect(twiml(null)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(twiml('Tom & Jerry <rentals> "fun"')).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>Tom &amp; Jerry &lt;rentals&gt; &quot;fun&quot;</Message></Response>');
  });

  it('HELP names the business and how to reach it, and how to stop', () => {
    const reply = helpReply('Bounce Co', '(555) 010-0199', 'hello@bounce.example');
    expect(reply).toContain('Bounce Co');
    expect(reply).toContain('(555) 010-0199');
    expect(reply).toContain('hello@bounce.example');
    expect(reply).toContain('STOP');
    expect(reply.length).toBeLessThanOrEqual(160);
  });

  it('checks the signature against the URL the request arrived at and the same path on SITE_URL', () => {
    expect(signedUrls('http://10.0.0.5:8888/api/texts/inbound?x=1', 'https://rentals.example.com')).toEqual([
      'http://10.0.0.5:8888/api/texts/inbound?x=1',
      'https://rentals.example.com/api/texts/inbound?x=1',
    ]);
    expect(signedUrls('https://rentals.example.com/api/texts/inbound', 'https://rentals.example.com')).toEqual(['https://rentals.example.com/api/texts/inbound']);
  });
});
