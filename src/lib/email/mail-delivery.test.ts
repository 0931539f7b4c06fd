import { describe, expect, it } from 'vitest';
import { mailDelivery, mailStatus } from './mail-delivery';

describe('how mail leaves the site', () => {
  it('goes over SMTP whenever SMTP_URL is set, on Netlify or not', () => {
    expect(mailDelivery({ smtpConfigured: true, onNetlify: true })).toBe('smtp');
    expect(mailDelivery({ smtpConfigured: true, onNetlify: false })).toBe('smtp');
  });
  it('becomes .eml files on a local machine without SMTP_URL', () => {
    expect(mailDelivery({ smtpConfigured: false, onNetlify: false })).toBe('outbox-files');
  });
  it('is not configured on Netlify without SMTP_URL (no files on a read-only disk), and says what to set', () => {
    expect(mailDelivery({ smtpConfigured: false, onNetlify: true })).toBe('not-configured');
    expect(mailStatus('not-configured').message).toMatch(/not being sent.*SMTP_URL is not set.*goes out once SMTP_URL is set/);
  });
});
