/**
 * The bench's own deletes, and the wait after them before a timed figure that creates files.
 *
 * On an ext4 file system without a journal (these machines' disk), the kernel will not reuse an inode
 * freed in the last minute, six while its inode table block is unwritten (recently_deleted in
 * fs/ext4/ialloc.c), and every file created meanwhile scans past them. A build creates 21,000 files, and
 * the site writes each booking's two messages as `.eml` files in the local outbox: just after a delete of
 * a few thousand files, creating one cost 250-300 µs of CPU against 35-55 µs without (and a
 * 10,000-landing-page build's system time was 12-15 s against 4). The bench's deletes (build output, the
 * synthetic copy, a run's throwaway folder, browser profiles) are noted in `.bench-deleted-at`, and a timed
 * build or burst of bookings first waits them out, also across runs of the bench.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The kernel's longest wait before it reuses a freed inode (RECENTCY_MIN + RECENTCY_DIRTY), and a margin. */
const FREED_INODES_REUSED_AFTER_MS = 6 * 60_000 + 10_000;
/** When the bench last deleted files: read by the next figure, and by the next run. */
const deletedAtFile = path.resolve('.bench-deleted-at');

/** Notes that the bench deleted files just now (done by others for it, e.g. a browser removing its profile). */
export const noteDeletes = () => writeFile(deletedAtFile, String(Date.now()));

/** Deletes a folder of the bench's (build output, the synthetic copy, its throwaway folder), noting when. */
export async function deleteBenchOutput(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  await rm(dir, { recursive: true, force: true });
  await noteDeletes();
}

/** Waits until the inodes the bench freed last may be reused: before `figure`, which creates files. */
export async function waitForFreedInodes(figure: string): Promise<void> {
  const deletedAt = Number(await readFile(deletedAtFile, 'utf8').catch(() => '0'));
  const wait = deletedAt + FREED_INODES_REUSED_AFTER_MS - Date.now();
  if (wait <= 0) return;
  console.error(
    `Waiting ${Math.ceil(wait / 1000)} s before ${figure}: the bench deleted files at ${new Date(deletedAt).toISOString()}, and the file system does not reuse their inodes for up to six minutes.`,
  );
  await sleep(wait);
}
