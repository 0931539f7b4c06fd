import { mkdtemp, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localBuildId, oneAtATime, replaceContents } from './local-publish';

/** A task whose runs the test ends by hand, counting how many started. */
function controlledTask() {
  const finishers: (() => void)[] = [];
  let started = 0;
  const task = () =>
    new Promise<void>((resolve) => {
      started++;
      finishers.push(resolve);
    });
  return { task, started: () => started, finish: () => finishers.shift()!() };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('oneAtATime', () => {
  it('never runs two builds at once; presses during a build share one more build after it', async () => {
    const { task, started, finish } = controlledTask();
    const publish = oneAtATime(task);
    const first = publish();
    const second = publish();
    const third = publish();
    expect(second).toBe(third);
    await settle();
    expect(started()).toBe(1);

    let secondDone = false;
    void second.then(() => (secondDone = true));
    finish();
    await first;
    await settle();
    expect(started()).toBe(2);
    expect(secondDone).toBe(false);
    finish();
    await second;
    expect(started()).toBe(2);
  });

  it('runs again after a failed build, and the failure reaches only the call that asked for it', async () => {
    let runs = 0;
    const publish = oneAtATime(async () => {
      runs++;
      if (runs === 1) throw new Error('astro build failed');
    });
    await expect(publish()).rejects.toThrow('astro build failed');
    await expect(publish()).resolves.toBeUndefined();
    expect(runs).toBe(2);
  });
});

describe('replaceContents', () => {
  const folder = async (files: Record<string, string>) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'publish-'));
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    return dir;
  };
  const contents = async (dir: string) => {
    const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
    return Object.fromEntries(await Promise.all(names.sort().map(async (n) => [n, await readFile(path.join(dir, n), 'utf8')] as const)));
  };

  it('leaves the served folder holding exactly the new build: changed files replaced, new added, gone removed', async () => {
    const served = await folder({ 'index.html': 'old home', 'products/castle.html': '$150', 'products/gone.html': 'retired', '_astro/a.js': 'same' });
    const built = await folder({ 'index.html': 'old home', 'products/castle.html': '$175', 'products/new.html': 'new', '_astro/a.js': 'same', 'cakes/x.html': 'cake' });
    const unchangedBefore = (await stat(path.join(served, '_astro/a.js'))).mtimeMs;

    expect(await replaceContents(built, served)).toEqual({ written: 3, removed: 1 });
    expect(await contents(served)).toEqual(await contents(built));
    expect((await stat(path.join(served, '_astro/a.js'))).mtimeMs).toBe(unchangedBefore);
  });

  it('removes folders the new build no longer has', async () => {
    const served = await folder({ 'index.html': 'home', 'locations/old-town/index.html': 'old town' });
    const built = await folder({ 'index.html': 'home' });
    await replaceContents(built, served);
    expect(await readdir(served)).toEqual(['index.html']);
  });
});

describe('localBuildId', () => {
  it('names the time of the build and differs between two builds in the same second', () => {
    const now = new Date('2026-06-01T15:04:05Z');
    expect(localBuildId(now)).toMatch(/^local-20260601150405-[0-9a-f]{6}$/);
    expect(localBuildId(now)).not.toBe(localBuildId(now));
  });
});
