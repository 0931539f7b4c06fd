import type { AstroIntegration } from 'astro';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { runtimeInEachChunk } from './runtime-in-each-chunk';

/**
 * Fewer, larger script files for the public islands (checkout, cart, product, forms).
 *
 * Left to itself the bundler makes one chunk per set of islands that share a module, so checkout with
 * two items in the cart loaded 22 scripts, half of them under 1 KB (the cart store, the API helper,
 * the money and date formats, the page paths…), each a request of its own with its headers (about
 * 1.4 KB each over HTTP/1.1, more than many of the files). Instead:
 *
 * - `react`: React, React DOM, the scheduler and Astro's React renderer in one file, which is also the
 *   renderer's entry (every island needs all of them).
 * - `paths`: the public page and API addresses (src/lib/paths), the API helper, the money module, the
 *   dictionaries' placeholder filler and the bundler's preload helper: one small file for islands and
 *   pages' own scripts alike.
 * - `islands`: the site's own modules that two or more public islands share and checkout uses, in one
 *   file; `forms`: those the customer forms (contact, quote, cake order, waiver) share; `islands-more`:
 *   the rest checkout does not use (tracking, the cart's sections, the success pages), so the page where
 *   a visitor pays, and a form's page, load only their own. Modules that one island alone uses stay in that
 *   island's file, libraries (sonner, zod) keep their own, and nothing the static pages' scripts import
 *   is moved (a page without islands loads exactly what it did). Staff screens that share a module
 *   with the public islands load these files too; the public islands never load staff code (the
 *   admin's address tables stay out).
 * - The layout's script rides in the client router's file (`layoutScriptWithRouter`, below).
 * - The bundler's module runtime is copied into the chunks that use it (`runtimeInEachChunk`).
 *
 * Which modules a public island reaches is only known once the client build has read every module, so
 * a plugin notes them when the build ends (buildEnd), before the bundler forms the chunks that read it.
 */
export function islandChunks(): AstroIntegration {
  const shared = new Set<string>();
  const forCheckout = new Set<string>();
  const plugin: Plugin = {
    name: 'island-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // A feature's pure modules only define tables, rules and helpers: saying so lets a script that needs one of them (the
    // analytics beacon on every page needs one address) leave the rest of the feature, and its door's re-exports, out.
    transform(code, id) {
      return PURE_LIB_MODULE.test(id) && !ZOD_SETUP.test(id) ? { code, moduleSideEffects: false } : null;
    },
    // Astro's renderer entry (its React client) is one of React's modules: with the entries' exports
    // kept exactly ('exports-only', Astro's setting), the bundler gave it a file of its own that only
    // re-exports React's (1.5 KB of headers for 46 bytes). Allowing an entry's file to export more lets
    // React's file serve as that entry.
    options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
    buildEnd() {
      shared.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const code = (id: string) => this.getModuleInfo(id)?.code ?? '';
      // Behind a feature's door, only the modules that export what the importer takes from it (the bundler
      // leaves the rest out, see transform), not every module the door re-exports: such a door is reached
      // but not followed. Worked out once per module (reading code is the costly part; the walks below
      // go over every public island's modules, a few hundred times).
      const steps = new Map<string, { doors: string[]; next: string[] }>();
      const stepsFrom = (id: string) => {
        let found = steps.get(id);
        if (found) return found;
        found = { doors: [], next: [] };
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          const behind = FEATURE_DOOR.test(imported)
            ? usedBehindDoor(id, code(id), imported, code(imported), this.getModuleInfo(imported)?.importedIds ?? [])
            : null;
          if (behind) {
            found.doors.push(imported);
            found.next.push(...behind);
          } else found.next.push(imported);
        }
        steps.set(id, found);
        return found;
      };
      const reached = (from: string[]) => {
        const seen = new Set<string>();
        const queue = [...from];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const { doors, next } = stepsFrom(id);
          for (const door of doors) seen.add(door);
          queue.push(...next);
        }
        return seen;
      };
      const publicIslands = reached(entries.filter(isPublicIsland));
      // What the pages' own scripts load (the layout's, the directives, a page's script such as the
      // product page's live prices): never moved, or that page would load the islands' file and React at
      // once, where its islands wait to be seen (a product page's script sharing it measured 94 KB, not 22).
      const pageScripts = reached(entries.filter((id) => !isIsland(id)));
      // A module goes in the group only with everything it imports (the bundler moves those along):
      // so only the site's own modules whose imports are the site's own or React, never a library some
      // islands alone use or anything a page script shares.
      // A feature's door has no code of its own once bundled (re-exports only): a page script that takes
      // one helper through it (the live prices take the dictionaries' plural through src/lib/i18n's) does not
      // pin every island that imports something else through the same door.
      const movable = (id: string) =>
        [REACT, PATHS_FOLDER, PAGE_AND_ISLAND_HELPERS, PRELOAD_HELPER, ROLLDOWN_RUNTIME, FEATURE_DOOR].some((group) =>
          group.test(id),
        ) ||
        (isSiteSource(id) && !pageScripts.has(id));
      // The admin's address tables are reached through the addresses' front door, never used by a public island.
      const publicCode = (id: string) => isSiteSource(id) && !ADMIN_PATHS.test(id);
      for (const id of publicIslands) if (publicCode(id) && !FEATURE_DOOR.test(id) && [...reached([id])].every(movable)) shared.add(id);
      // Checkout is where a visitor pays: it loads only the shared modules it uses, the others (forms,
      // tracking, the cart's own sections) go in a second file the other islands load beside the first.
      const checkout = reached(entries.filter((id) => CHECKOUT_ISLANDS.test(id)));
      forCheckout.clear();
      for (const id of shared) if (checkout.has(id)) forCheckout.add(id);
    },
  };
  return {
    name: 'island-chunks',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [plugin, layoutScriptWithRouter, runtimeInEachChunk],
            environments: {
              client: {
                build: {
                  rolldownOptions: {
                    output: {
                      codeSplitting: {
                        groups: [
                          { name: 'react', test: REACT, priority: 3 },
                          // The addresses, the API helper, the money format and the bundler's preload helper:
                          // small, used by islands and by pages' own scripts alike (the product page's live
                          // prices, the layout's script), one file where it was four.
                          {
                            name: 'paths',
                            test: (id: string) =>
                              PATHS.test(id) || PAGE_AND_ISLAND_HELPERS.test(id) || PRELOAD_HELPER.test(id),
                            priority: 2,
                          },
                          // The module runtime is a file of its own whatever its group (tried in `paths` and `react`
                          // too: the bundler still wrote it apart; runtimeInEachChunk then copies it into its users):
                          // held here, an island module that uses it can still join `islands`.
                          { name: 'rolldown-runtime', test: ROLLDOWN_RUNTIME, priority: 2 },
                          { name: 'islands', test: (id: string) => forCheckout.has(id), minShareCount: 2, priority: 1 },
                          // The customer forms' shared pieces (contact fieldset, field binding, booking fields):
                          // in islands-more, the contact page loaded the cake menus and the booking success
                          // pieces with them.
                          {
                            name: 'forms',
                            test: (id: string) => CUSTOMER_FORMS.test(id) && shared.has(id) && !forCheckout.has(id),
                            minShareCount: 2,
                            // After `islands` (same priority, earlier in the list): a group takes its modules'
                            // imports too, and those checkout loads must stay in checkout's file.
                            priority: 1,
                          },
                          {
                            name: 'islands-more',
                            test: (id: string) => shared.has(id) && !forCheckout.has(id),
                            minShareCount: 2,
                            priority: 1,
                          },
                        ],
                      },
                    },
                  },
                },
              },
            },
          },
        });
      },
    },
  };
}

/**
 * The layout's script (src/scripts/site-runtime.ts) loads with the client router's, the one script
 * `<ClientRouter />` puts on every page: one file where it was two (each request costs about 1.4 KB of
 * headers). It runs after the router's imports and before the router's own code, which only adds
 * listeners, as site-runtime does. In development too, so both run wherever they run once built.
 */
const layoutScriptWithRouter: Plugin = {
  name: 'layout-script-with-router',
  applyToEnvironment: (environment) => environment.name === 'client',
  transform(code, id) {
    return CLIENT_ROUTER_SCRIPT.test(id)
      ? { code: `${code}\nimport ${JSON.stringify(SITE_RUNTIME)};\n`, map: null }
      : null;
  },
};
const CLIENT_ROUTER_SCRIPT = /[\\/]astro[\\/]components[\\/]ClientRouter\.astro\?astro&type=script&index=0&lang\.ts$/;
const SITE_RUNTIME = fileURLToPath(new URL('../scripts/site-runtime.ts', import.meta.url));

/** React, React DOM, the scheduler and Astro's React renderer (the island's first script, loaded with React). */
const REACT =
  /node_modules[\\/]((react|react-dom|scheduler)[\\/]|@astrojs[\\/]react[\\/]dist[\\/](client|static-html)\.js)/;
/**
 * The public address tables (not the front door itself, nor the beacon's one address, which every
 * page's script inlines, nor the admin's tables, which only staff screens load).
 */
const PATHS = /[\\/]src[\\/]lib[\\/]paths[\\/](?!index\.ts$|events\.ts$|admin-)/;
/**
 * The fetch helper (with the header that names a Spanish page's language), the money module, the
 * dictionaries' placeholder filler, which the product page's live prices and the islands share (the
 * booking path's islands write their page's words with it), and the table of where each page lives in
 * each language, which the layout's script (the language offer) and the islands' links share: left
 * to itself it is a file of its own on every page, and the islands' modules that use it (the formats in
 * the page's language, the islands' words) could not join `islands`.
 */
const PAGE_AND_ISLAND_HELPERS = /[\\/]src[\\/](islands[\\/]shared[\\/]api\.ts$|lib[\\/]money[\\/]|lib[\\/]i18n[\\/](interpolate|request-language|locales)\.ts$)/;
const ADMIN_PATHS = /[\\/]src[\\/]lib[\\/]paths[\\/]admin-/;
/** The customer forms' own folder (contact, quote, cake order, waiver). */
const CUSTOMER_FORMS = /[\\/]src[\\/]islands[\\/]forms[\\/]/;
const PATHS_FOLDER = /[\\/]src[\\/]lib[\\/]paths[\\/]/;
/** A feature's pure front door (src/lib/<feature>/index.ts): re-exports only. */
const FEATURE_DOOR = /[\\/]src[\\/]lib[\\/][^\\/]+[\\/]index\.ts$/;
/** The one module in src/lib run for its effect: it sets zod up (no `new Function`) before any schema is made. */
const ZOD_SETUP = /[\\/]src[\\/]lib[\\/]validation[\\/]zod\.ts$/;
/** A pure module of a feature (not `*.server`): tables, rules and helpers, nothing run for its own sake. */
const PURE_LIB_MODULE = /[\\/]src[\\/]lib[\\/][^\\/]+[\\/](?:[^\\/]+[\\/])*(?![^\\/]*\.server\.)[^\\/]+\.tsx?$/;
const PRELOAD_HELPER = /^\0vite\/preload-helper/;
const ROLLDOWN_RUNTIME = /^\0rolldown\/runtime/;
const CHECKOUT_ISLANDS = /[\\/]src[\\/]islands[\\/]checkout[\\/]/;
const ISLANDS = /[\\/]src[\\/]islands[\\/]/;
const ADMIN_ISLANDS = /[\\/]src[\\/]islands[\\/]admin[\\/]/;
const isIsland = (id: string) => ISLANDS.test(id);
const isPublicIsland = (id: string) => isIsland(id) && !ADMIN_ISLANDS.test(id);
/** The project's own code (not a library, not a virtual module). */
const isSiteSource = (id: string) => /[\\/]src[\\/]/.test(id) && !id.includes('node_modules') && !id.startsWith('\0');

/**
 * The modules behind a feature's door (`doorId`, re-exports only) that export what `importerId` imports
 * from it, read from both modules' code as the bundler has it (types already gone); null where that
 * cannot be told (a namespace import, a star re-export), and then every module the door names counts.
 */
export function usedBehindDoor(
  importerId: string,
  importerCode: string,
  doorId: string,
  doorCode: string,
  doorImports: string[],
): string[] | null {
  const folder = path.dirname(doorId);
  const names = new Set<string>();
  for (const [, clause, specifier] of importerCode.matchAll(
    /\b(?:import|export)\s*([^;'"]*?)\s*from\s*["']([^"']+)["']/g,
  )) {
    if (
      !specifier!.startsWith('.') ||
      path.resolve(path.dirname(importerId), specifier!).replace(/[\\/]index(\.ts)?$/, '') !== folder
    )
      continue;
    const named = /^\{([^}]*)\}$/.exec(clause!.trim());
    if (!named) return null;
    for (const part of named[1]!.split(',')) if (part.trim()) names.add(part.trim().split(/\s+as\s+/)[0]!);
  }
  const modules = new Set<string>();
  for (const [, clause, specifier] of doorCode.matchAll(/\bexport\s*([^;'"]*?)\s*from\s*["']([^"']+)["']/g)) {
    const named = /^\{([^}]*)\}$/.exec(clause!.trim());
    if (!named) return null;
    const exported = named[1]!.split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    );
    if (exported.some((name) => names.has(name))) modules.add(path.resolve(folder, specifier!));
  }
  const found = [...modules].map((base) =>
    doorImports.find((id) => id.replace(/\.tsx?$/, '') === base.replace(/\.tsx?$/, '')),
  );
  return found.every((id) => id !== undefined) ? (found as string[]) : null;
}
