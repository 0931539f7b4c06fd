import { toast as sonnerToast, type ExternalToast } from 'sonner';

/**
 * Toasts for React islands, drawn by sonner's <Toaster />. Durations are the spec's
 * "library-based toast helper" values, shorter than the in-page store's.
 */
export const libraryToastDurations = {
  success: 4000,
  error: 5000,
  warning: 4000,
  info: 4000,
} as const;

type LibraryToastType = keyof typeof libraryToastDurations;

function notify(type: LibraryToastType) {
  return (title: string, message?: string, options: ExternalToast = {}) =>
    sonnerToast[type](title, {
      duration: libraryToastDurations[type],
      ...(message === undefined ? {} : { description: message }),
      ...options,
    });
}

export const islandToast = {
  success: notify('success'),
  error: notify('error'),
  warning: notify('warning'),
  info: notify('info'),
  dismiss: (id?: string | number) => sonnerToast.dismiss(id),
};
