import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Adds `client:cart` (src/scripts/cart-directive.ts): hydrate an island only when the browser's cart
 * has items, showing a plain-HTML stand-in otherwise. Used by checkout, whose empty-cart visit then
 * loads no React at all.
 */
export function cartDirective(): AstroIntegration {
  return {
    name: 'cart-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'cart',
          entrypoint: fileURLToPath(new URL('../scripts/cart-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
