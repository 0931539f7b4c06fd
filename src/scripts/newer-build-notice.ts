import { toast } from '../lib/toast';

/**
 * The notice that a newer build is live (src/scripts/site-runtime.ts), in the page's language: a Spanish
 * page says everything in Spanish (issue #40). Its own module, loaded only once a newer build is found,
 * so its words in both languages cost the page's first script nothing.
 */
const WORDS = {
  en: {
    title: 'A new version of this site is ready',
    message: 'Reload to see the latest rentals, prices and dates.',
    reload: 'Reload',
  },
  es: {
    title: 'Hay una versión nueva de este sitio',
    message: 'Recargue la página para ver las rentas, los precios y las fechas al día.',
    reload: 'Recargar',
  },
};

export function showNewerBuildNotice(language: string): void {
  const words = language.startsWith('es') ? WORDS.es : WORDS.en;
  toast.show({
    id: 'newer-build',
    type: 'info',
    title: words.title,
    message: words.message,
    persistent: true,
    action: { label: words.reload, onClick: () => location.reload() },
  });
}
