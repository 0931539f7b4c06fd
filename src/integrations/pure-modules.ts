import type { AstroIntegration } from 'astro';

/**
 * The browser build leaves out a pure module of src/lib that an island imports nothing from.
 *
 * Islands import a feature through its front door (src/lib/<feature>/index.ts, rule 3 of
 * src/architecture.test.ts), and a door re-exports every file of its feature. The bundler keeps a
 * module's top-level code when it cannot prove it harmless, and a zod schema built at the top of a
 * file is such code: through src/lib/time alone, a clock formatter would bring zod and the event-window
 * schemas along (4 KB of script became 84 KB). Pure modules (rule 2: not `*.server`, no I/O) only
 * define things, so the bundler may drop those an island does not use.
 *
 * The exception is src/lib/validation/zod.ts: importing it is what sets zod up for the site's
 * Content-Security-Policy (see the file), so it always keeps its effect.
 */
export function pureModules(): AstroIntegration {
  return {
    name: 'pure-modules',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: { environments: { client: { build: { rolldownOptions: { treeshake: { moduleSideEffects: hasSideEffects } } } } } },
        });
      },
    },
  };
}

const PURE_MODULE = /[\\/]src[\\/]lib[\\/].+(?<!\.server)\.tsx?$/;
const ZOD_SETUP = /[\\/]src[\\/]lib[\\/]validation[\\/]zod\.ts$/;

/** False for a pure module of src/lib (it may be left out when nothing of it is used); true for anything else. */
export const hasSideEffects = (id: string): boolean => !PURE_MODULE.test(id) || ZOD_SETUP.test(id);
