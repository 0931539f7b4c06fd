import { toast } from 'sonner';

/**
 * Copies a text staff paste elsewhere (a feed link, a snippet) and says so; where the browser refuses
 * (no permission, no secure context) it says to select `what` and copy it by hand instead.
 */
export async function copyText(text: string, copied: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(`Could not copy: select ${what} and copy it yourself.`);
  }
}
