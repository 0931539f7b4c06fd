import { describe, expect, it } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, buildIdFrom, isNewerBuild } from './build-version';

describe('build version check', () => {
  it('runs every hour', () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
  });

  it('reads the build id from /build.json', () => {
    expect(buildIdFrom({ buildId: 'local-20250101120000-abc123' })).toBe('local-20250101120000-abc123');
    expect(buildIdFrom({ buildId: '' })).toBeNull();
    expect(buildIdFrom({ buildId: 7 })).toBeNull();
    expect(buildIdFrom(null)).toBeNull();
    expect(buildIdFrom('<html>')).toBeNull();
  });

  it('reports a different build as newer', () => {
    expect(isNewerBuild('65f1a2b3c4', '65f1a2ffff')).toBe(true);
  });

  it('stays quiet for the same build, an unreadable answer or a dev page', () => {
    expect(isNewerBuild('65f1a2b3c4', '65f1a2b3c4')).toBe(false);
    expect(isNewerBuild('65f1a2b3c4', null)).toBe(false);
    expect(isNewerBuild('dev', 'local-1')).toBe(false);
    expect(isNewerBuild(null, 'local-1')).toBe(false);
  });
});
