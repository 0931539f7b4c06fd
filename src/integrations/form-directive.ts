import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Adds `client:form` (src/scripts/form-directive.ts): hydrate a customer form's island as it comes near
 * the screen or at the first touch, focus or send in it, and hold a send made before the island has
 * taken over instead of losing it (or letting the browser send the form in the page's address).
 */
export function formDirective(): AstroIntegration {
  return {
    name: 'form-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'form',
          entrypoint: fileURLToPath(new URL('../scripts/form-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
