import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNIT_ISOLATED } from '../vitest.config';

/**
 * The unit files of a worker share one module graph (vitest.config.ts): a file that replaces what other
 * files load (a mocked module, a stub, a spy, fake timers, the environment, a global) must load its
 * modules afresh, in UNIT_ISOLATED, or what it replaced reaches the files after it on that worker.
 */
const SHARED_STATE = /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers|setSystemTime)\(|process\.env\b|globalThis\./;

const root = path.resolve(import.meta.dirname, '..');

/** The unit test files whose text touches shared state. */
export function filesTouchingSharedState(files: { name: string; text: string }[]): string[] {
  return files.filter((file) => SHARED_STATE.test(file.text)).map((file) => file.name);
}

describe('unit test files that touch shared state load their modules afresh', () => {
  it('every one is listed in UNIT_ISOLATED', () => {
    const files = ['src', 'supabase']
      .flatMap((folder) => readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((name) => `${folder}/${name}`))
      .filter((name) => name.endsWith('.test.ts') && name !== 'src/unit-isolation.test.ts');
    const touching = filesTouchingSharedState(files.map((name) => ({ name, text: readFileSync(path.join(root, name), 'utf8') })));
    expect(touching.filter((name) => !UNIT_ISOLATED.includes(name))).toEqual([]);
  });

  it('every listed file exists', () => {
    expect(UNIT_ISOLATED.filter((name) => !existsSync(path.join(root, name)))).toEqual([]);
  });

  it.each([
    ['vi.mock(\'sonner\', () => ({}));', true],
    ['vi.stubEnv(\'TZ\', \'UTC\');', true],
    ['const spy = vi.spyOn(console, \'error\');', true],
    ['process.env.SITE_URL = \'x\';', true],
    ['globalThis.fetch = f;', true],
    ['vi.useFakeTimers();', true],
    ['const f = vi.fn();', false],
    ['expect(price(2)).toBe(4);', false],
  ])('finds shared state in %s: %s', (text, touches) => {
    expect(filesTouchingSharedState([{ name: 'planted.test.ts', text }])).toEqual(touches ? ['planted.test.ts'] : []);
  });
});
