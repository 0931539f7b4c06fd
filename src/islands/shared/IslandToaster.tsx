import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';

// Every island on a page shares sonner's one toast queue; a second <Toaster /> would draw each
// toast twice. The first island to mount draws them; when it unmounts, another takes over.
let owner: symbol | null = null;
const waiting = new Set<() => void>();

// sonner's own labels (the region a screen reader lands on, each toast's close button) are English;
// a Spanish page says everything in Spanish (issue #40). The English ones are sonner's defaults.
const LABELS = {
  en: { region: 'Notifications', close: 'Close toast' },
  es: { region: 'Notificaciones', close: 'Cerrar el aviso' },
};

/** sonner's toaster, top right, at most once per page however many islands ask for it. */
export default function IslandToaster() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const me = Symbol('toaster');
    const claim = () => {
      if (owner !== null) return;
      owner = me;
      waiting.delete(claim);
      setActive(true);
    };
    waiting.add(claim);
    claim();
    return () => {
      waiting.delete(claim);
      if (owner === me) {
        owner = null;
        for (const next of [...waiting]) next();
      }
    };
  }, []);
  if (!active) return null;
  // Read when drawn (only ever in the browser, after the effect): the page's language.
  const labels = document.documentElement.lang.startsWith('es') ? LABELS.es : LABELS.en;
  return <Toaster position="top-right" closeButton containerAriaLabel={labels.region} toastOptions={{ closeButtonAriaLabel: labels.close }} />;
}
