import { describe, expect, it } from 'vitest';
import { embedSettings } from './embed-settings';

const issues = (input: unknown) => {
  const parsed = embedSettings.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe("the owner's websites for the booking widget", () => {
  it('keeps each website as the origin a browser sends, however it was typed, once', () => {
    const parsed = embedSettings.parse({
      origins: ['www.partyhost.example', 'https://www.partyhost.example/rentals?x=1', 'HTTP://Shop.Example.com:8080/', 'http://localhost:4455'],
      thankYouUrl: '',
    });
    expect(parsed.origins).toEqual(['https://www.partyhost.example', 'http://shop.example.com:8080', 'http://localhost:4455']);
  });

  it('refuses what is not a website, at its line', () => {
    expect(issues({ origins: ['https://ok.example', 'not a site', 'ftp://files.example', 'https://user:pw@x.example', 'intranet'], thankYouUrl: '' })).toEqual({
      'origins.1': 'Use a web address like https://www.example.com',
      'origins.2': 'Use a web address like https://www.example.com',
      'origins.3': 'Use a web address like https://www.example.com',
      'origins.4': 'Use a web address like https://www.example.com',
    });
  });

  it('sends customers back only to a page of a listed website (never anywhere else)', () => {
    expect(embedSettings.parse({ origins: ['www.partyhost.example'], thankYouUrl: 'https://www.partyhost.example/thanks' }).thankYouUrl).toBe('https://www.partyhost.example/thanks');
    expect(issues({ origins: ['www.partyhost.example'], thankYouUrl: 'https://evil.example/phish' })).toEqual({
      thankYouUrl: 'The thank-you page must be on one of the websites listed above',
    });
    expect(issues({ origins: [], thankYouUrl: 'javascript:alert(1)' })).toHaveProperty('thankYouUrl');
  });
});
