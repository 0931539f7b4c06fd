import { describe, expect, it } from 'vitest';
import { inImportCycle, withRuntimeInlined } from './runtime-in-each-chunk';

const runtimeFile = '_astro/rolldown-runtime.XKyaHtl9.js';
// The runtime's shape as the bundler writes it: minified helpers, then one export list.
const runtime = `var e=Object.defineProperty,t=(t,n)=>{let r={};for(var i in t)e(r,i,{get:t[i],enumerable:!0});return r},n=e=>e*2;export{t as n,n as r};`;

describe('withRuntimeInlined (a chunk gets its own copy of the bundler runtime)', () => {
  it('replaces the import with a scoped copy that gives the same names the same helpers', async () => {
    const chunk = `import{n as e,r as t}from"./rolldown-runtime.XKyaHtl9.js";var n=1;const o=e({a:()=>n});export const out=[o.a,t(21)];`;
    const inlined = withRuntimeInlined(chunk, runtimeFile, runtime);
    expect(inlined).not.toContain('rolldown-runtime');
    // The runtime's own `e`, `t`, `n` stay inside its scope: the chunk's `var n=1` is untouched.
    const module = await import(`data:text/javascript,${encodeURIComponent(inlined)}`);
    expect(module.out).toEqual([1, 42]);
  });

  it('fails the build on an import form it does not know, rather than ship a chunk naming a missing file', () => {
    expect(() => withRuntimeInlined(`import*as r from"./rolldown-runtime.XKyaHtl9.js";r.n({});`, runtimeFile, runtime)).toThrow(
      /still named/,
    );
    expect(() => withRuntimeInlined(`import{n as e}from"./rolldown-runtime.XKyaHtl9.js";`, runtimeFile, 'var e=1;')).toThrow(
      /export list/,
    );
  });
});

describe('inImportCycle', () => {
  it('names the files that reach themselves, and only those', () => {
    const imports = new Map([
      ['a.js', ['b.js', 'runtime.js']],
      ['b.js', ['c.js']],
      ['c.js', ['a.js']],
      ['d.js', ['a.js', 'runtime.js']],
      ['runtime.js', []],
    ]);
    expect([...inImportCycle(imports)].sort()).toEqual(['a.js', 'b.js', 'c.js']);
  });
});
