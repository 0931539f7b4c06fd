/**
 * Build figures for `npm run bench`: the real site, and the same site with a synthetic list of cities
 * large enough for 2,000 and 10,000 local landing pages.
 *
 * The synthetic builds leave the project's sources untouched: they are copied to a git-ignored folder
 * inside the project (.bench-synthetic, removed afterwards; being inside, it finds the project's
 * node_modules the ordinary way, while Astro's cache stays in the copy), the copy gets one
 * content file per synthetic city, and the bench's throwaway database gets the matching service areas
 * through the same service function staff use. The build then runs exactly as in production: pages
 * read the catalog and service areas from the database and join the city files in.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../src/lib/db/index.server';
import { saveServiceArea } from '../src/lib/locations/index.server';
import { deleteBenchOutput, waitForFreedInodes } from './freed-inodes';

export interface BuildFigures {
  seconds: number;
  /** HTML files written. */
  pages: number;
  /** /{service}-{city}-{state} pages among them. */
  landingPages: number;
  pagesPerSecond: number;
  /** Peak resident memory of the build process (MB); null where it cannot be read. */
  peakMemoryMb: number | null;
}

const TIME = '/usr/bin/time';

/**
 * `npm run build` in `cwd`, the command a deploy runs (netlify.toml), with the environment the script
 * sets for the build process; timed, and the peak memory of its largest process from GNU time where it
 * is installed.
 */
export async function timedBuild(cwd: string, env: NodeJS.ProcessEnv): Promise<BuildFigures> {
  const memoryFile = path.join(cwd, '.bench-build-memory');
  const npm = ['npm', 'run', '--silent', 'build'];
  const command = existsSync(TIME) ? TIME : npm[0]!;
  const args = existsSync(TIME) ? ['-f', '%M', '-o', memoryFile, ...npm] : npm.slice(1);
  await setAsideEarlierOutput(cwd);
  await waitForFreedInodes('the build');
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build in ${cwd} exited with code ${code}`)),
    );
  });
  const seconds = (performance.now() - started) / 1000;
  let peakMemoryMb: number | null = null;
  if (existsSync(memoryFile)) {
    const kb = Number((await readFile(memoryFile, 'utf8')).trim().split('\n').pop());
    if (Number.isFinite(kb)) peakMemoryMb = Math.round(kb / 1024);
    await rm(memoryFile, { force: true });
  }
  const files = await readdir(path.join(cwd, 'dist'), { recursive: true });
  const html = files.filter((f) => f.endsWith('.html'));
  // Landing pages of both languages (issue #40): English at the top, Spanish under es/ once they are translated.
  const landingPages = html.filter((f) => /^(es\/)?[a-z0-9-]+-[a-z]{2}\.html$/.test(f)).length;
  return { seconds, pages: html.length, landingPages, pagesPerSecond: html.length / seconds, peakMemoryMb };
}

/**
 * Where timedBuild moves earlier output until the bench ends (removeEarlierOutputs): in the project's
 * root, git-ignored, outside the synthetic copy, whose build would otherwise scan it (Tailwind reads every
 * file of the project that git does not ignore for class names).
 */
const earlierOutputs = path.resolve('.bench-earlier-output');

/**
 * A deploy builds from a fresh checkout, with no earlier output. Here the 10,000-page build follows the
 * 2,000-page one in the same copy, and Astro would first delete that output inside the timing. Deleting
 * it just before is no better: the file system then passes over the freed inodes for minutes (see
 * freed-inodes.ts). Measured: 21,000 files of 26 KB written in 0.5 s beside a renamed folder, 3.2 s just
 * after deleting it. So the earlier output is renamed aside (no inode freed) and deleted once every build
 * is timed, and a build waits out the bench's own deletes.
 */
async function setAsideEarlierOutput(cwd: string): Promise<void> {
  const dist = path.join(cwd, 'dist');
  if (!existsSync(dist)) return;
  await mkdir(earlierOutputs, { recursive: true });
  await rename(dist, path.join(earlierOutputs, `${path.basename(cwd)}-dist-${Date.now()}`));
}

/** Deletes the earlier outputs timedBuild set aside: after the last timed build. */
export const removeEarlierOutputs = () => deleteBenchOutput(earlierOutputs);

/** A copy of the project's build inputs in `dir` (a folder inside the project). */
export async function copyProject(root: string, dir: string): Promise<void> {
  await deleteBenchOutput(dir);
  await mkdir(dir, { recursive: true });
  for (const entry of ['src', 'public', 'netlify', 'supabase', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    await cp(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
}

const FIRST = [
  'Oak',
  'Cedar',
  'Willow',
  'Pecan',
  'Mesquite',
  'Bluebonnet',
  'Granite',
  'Cypress',
  'Magnolia',
  'Prairie',
];
const SECOND = ['Creek', 'Hollow', 'Springs', 'Crossing', 'Ridge', 'Grove', 'Point', 'Valley', 'Falls', 'Bend'];

/**
 * Adds cities `from`..`to - 1` of a synthetic list: a service area in the database (one ZIP code each,
 * outside Texas's real ranges) and a content file in the copy's src/content/cities.
 */
export async function addSyntheticCities(sql: Database, projectDir: string, from: number, to: number): Promise<void> {
  const dir = path.join(projectDir, 'src/content/cities');
  const slugOf = (i: number) =>
    `${FIRST[i % 10]}-${SECOND[Math.floor(i / 10) % 10]}-${Math.floor(i / 100) + 1}`.toLowerCase();
  for (let i = from; i < to; i++) {
    const slug = slugOf(i);
    const city = `${FIRST[i % 10]} ${SECOND[Math.floor(i / 10) % 10]} ${Math.floor(i / 100) + 1}`;
    await saveServiceArea(sql, {
      slug,
      city,
      state: 'TX',
      zipCodes: [String(90000 + i)],
      deliveryFeeCents: 2000 + (i % 12) * 500,
      taxRateBps: 825,
      minimumOrderCents: i % 3 === 0 ? 15000 : 0,
      active: true,
    });
    const neighbours = [i - 1, i + 1, i + 10].filter((n) => n >= from && n < to).map(slugOf);
    await writeFile(
      path.join(dir, `${slug}.md`),
      `---
city: ${city}
state: TX
county: Synthetic ${SECOND[i % 10]}
driveMinutes: ${20 + (i % 50)}
neighbourhoods: [${FIRST[(i + 3) % 10]} Heights, ${SECOND[(i + 5) % 10]} Park]
parks: [${city} City Park]
venues: [${city} Community Center]
neighbours: [${neighbours.join(', ')}]
terrain: "Mostly flat lawns with clay soil; we confirm the ground when you book"
summerNote: "Few mature trees in newer subdivisions; plan afternoon shade around the slide"
---

${city} is a synthetic city made for the build benchmark. Its page carries the same amount of copy as a real city: a paragraph about the drive from our warehouse, the neighbourhoods we deliver to and the parks where families hold birthday parties.

${city} City Park has a pavilion and open lawns. Ask the parks department about pavilion reservations and inflatables, and tell us where the truck can stop during setup.
`,
    );
  }
}
