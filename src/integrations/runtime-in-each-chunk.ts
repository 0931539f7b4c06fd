import type { Plugin } from 'vite';

/**
 * The bundler's module runtime (its helpers for CommonJS modules such as React, and for the namespace
 * objects of lazily loaded modules) is always written as a file of its own, which every chunk using a
 * helper imports: 0.4 KB that cost each page with an island one more request and its 1.3 KB of headers
 * (the bundler offers no setting to place it; it folds it into a chunk only when one chunk alone uses it).
 * The helpers keep no state, so each chunk that uses them gets its own copy (about 0.2 KB compressed)
 * and the file goes away.
 *
 * A copy runs where the chunk's import of the runtime stood, before the chunk's own code. A chunk in an
 * import cycle could be called by another before that, so such a chunk keeps importing the file (and the
 * file stays). Runs before Vite lists the files a lazy import preloads, which read the chunks' imports.
 *
 * Files are named by a hash of their content and browsers keep them for a year: a chunk that receives a
 * copy says so in its hash (augmentChunkHash), so it never takes the name of its earlier form, which
 * imported the runtime's file.
 */
export const runtimeInEachChunk: Plugin = {
  name: 'runtime-in-each-chunk',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  augmentChunkHash: (chunk) => (chunk.imports.some((name) => name.includes(RUNTIME_CHUNK)) ? 'runtime copied in' : undefined),
  generateBundle(_options, bundle) {
    const runtime = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === RUNTIME_CHUNK);
    if (runtime?.type !== 'chunk') return;
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
    const cyclic = inImportCycle(new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports])));
    let stillImported = false;
    for (const chunk of chunks) {
      if (chunk === runtime || !chunk.imports.includes(runtime.fileName)) continue;
      if (cyclic.has(chunk.fileName)) {
        stillImported = true;
        continue;
      }
      chunk.code = withRuntimeInlined(chunk.code, runtime.fileName, runtime.code);
      chunk.imports = chunk.imports.filter((name) => name !== runtime.fileName);
    }
    if (!stillImported) delete bundle[runtime.fileName];
  },
};

/** The name the bundler gives the runtime's chunk (its file is `rolldown-runtime.<hash>.js`). */
const RUNTIME_CHUNK = 'rolldown-runtime';

/**
 * `code` (a chunk beside the runtime, in the same folder) with its import of the runtime replaced by a
 * copy of it, scoped so that the runtime's own names cannot meet the chunk's:
 * `import{n as e}from"./rolldown-runtime.X.js";` becomes `var{n:e}=(()=>{…;return{n:s,…}})();`.
 */
export function withRuntimeInlined(code: string, runtimeFileName: string, runtimeCode: string): string {
  const exported = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(runtimeCode);
  if (!exported) throw new Error(`${runtimeFileName}: expected the runtime to end with one export list`);
  const body = runtimeCode.slice(0, exported.index);
  const names = pairs(exported[1]!)
    .map(([local, as]) => `${as}:${local}`)
    .join(',');
  const base = runtimeFileName.split('/').pop()!;
  const importOfRuntime = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']\\./${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'];?`, 'g');
  const inlined = code.replace(importOfRuntime, (_all, list: string) => {
    const taken = pairs(list)
      .map(([name, as]) => `${name}:${as}`)
      .join(',');
    return `var{${taken}}=(()=>{${body};return{${names}}})();`;
  });
  if (inlined.includes(base))
    throw new Error(`${runtimeFileName} is still named in a chunk after inlining: an import form this plugin does not know`);
  return inlined;
}

/** `a as b, c` → [[a, b], [c, c]]. */
const pairs = (list: string): [string, string][] =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name, as] = part.split(/\s+as\s+/) as [string, string?];
      return [name, as ?? name];
    });

/** The files that can reach themselves through static imports. */
export function inImportCycle(imports: Map<string, string[]>): Set<string> {
  const cyclic = new Set<string>();
  for (const start of imports.keys()) {
    const seen = new Set<string>();
    const queue = [...(imports.get(start) ?? [])];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (file === start) {
        cyclic.add(start);
        break;
      }
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...(imports.get(file) ?? []));
    }
  }
  return cyclic;
}
