/** SPEC section 9, "Build-update check interval". */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The build id the `/build.json` endpoint reports, or null when the answer is not one. */
export function buildIdFrom(manifest: unknown): string | null {
  if (!manifest || typeof manifest !== 'object' || !('buildId' in manifest)) return null;
  const id = manifest.buildId;
  return typeof id === 'string' && id.trim() !== '' ? id : null;
}

/**
 * Build ids are opaque (Netlify deploy ids, `local-<time>-<random>`), so any other id than the
 * page's own means the server now has a newer build. A page built by `astro dev` ('dev') never asks.
 */
export function isNewerBuild(pageBuildId: string | null | undefined, latestBuildId: string | null): boolean {
  if (!pageBuildId || pageBuildId === 'dev' || latestBuildId === null) return false;
  return latestBuildId !== pageBuildId;
}
