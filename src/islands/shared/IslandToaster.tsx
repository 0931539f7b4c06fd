import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';

// Every island on a page shares sonner's one toast queue; a second <Toaster /> would draw each
// toast twice. The first island to mount draws them; when it unmounts, another takes over.
let owner: symbol | null = null;
const waiting = new Set<() => void>();

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
  return active ? <Toaster position="top-right" closeButton /> : null;
}
