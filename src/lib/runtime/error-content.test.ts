import { describe, expect, it } from 'vitest';
import { errorContent, errorPageTitle, notFoundMessage } from './error-content';

describe('error page content', () => {
  it('404', () => {
    const c = errorContent(404);
    expect(c).toEqual({
      status: 404,
      title: 'Page Not Found',
      message: "Oops! The page you're looking for seems to have bounced away. Let's get you back to the fun!",
    });
    expect(errorPageTitle(c)).toBe('404 - Page Not Found');
  });

  it('500, also when no status is known', () => {
    const expected = {
      status: 500,
      title: 'Server Error',
      message: "We're experiencing technical difficulties. Our team has been notified and we're working to fix it!",
    };
    expect(errorContent(500)).toEqual(expected);
    expect(errorContent(undefined)).toEqual(expected);
    expect(errorPageTitle(errorContent(null))).toBe('500 - Server Error');
  });

  it('any other status shows the error’s own message, or a generic one', () => {
    expect(errorContent(403, 'You do not have access to this booking')).toEqual({
      status: 403,
      title: 'Something Went Wrong',
      message: 'You do not have access to this booking',
    });
    expect(errorContent(418).message).toBe('An unexpected error occurred');
    expect(errorContent(503, '  ').message).toBe('An unexpected error occurred');
    expect(errorPageTitle(errorContent(418))).toBe('418 - Something Went Wrong');
  });

  it('names the missing path', () => {
    expect(notFoundMessage('/bounce-castle')).toBe('Page not found: /bounce-castle');
  });
});
