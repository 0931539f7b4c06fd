/** The error page's wording per status (SPEC section 2, "Error page"), word for word. */
export interface ErrorContent {
  status: number;
  title: string;
  message: string;
}

export function errorContent(status: number | null | undefined, errorMessage?: string | null): ErrorContent {
  const code = status ?? 500;
  if (code === 404) {
    return {
      status: code,
      title: 'Page Not Found',
      message: "Oops! The page you're looking for seems to have bounced away. Let's get you back to the fun!",
    };
  }
  if (code === 500) {
    return {
      status: code,
      title: 'Server Error',
      message: "We're experiencing technical difficulties. Our team has been notified and we're working to fix it!",
    };
  }
  return {
    status: code,
    title: 'Something Went Wrong',
    message: errorMessage?.trim() || 'An unexpected error occurred',
  };
}

/** The document title of the error page: '{status} - {title}'. */
export function errorPageTitle(content: ErrorContent): string {
  return `${content.status} - ${content.title}`;
}

/** SPEC section 8: the not-found error names the path that was asked for. */
export function notFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}
