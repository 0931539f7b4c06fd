import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4329);
const debianChromium = '/usr/bin/chromium';

/**
 * End-to-end tests run against the production build served with its functions (`npm start`)
 * on a throwaway embedded database in .data/e2e.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium where present (CI, these machines); Playwright's own browser on a laptop.
      ...(existsSync(debianChromium) ? { executablePath: debianChromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'rm -rf .data/e2e && tsx src/cli/start.ts',
    env: { PORT: String(port), DATA_DIR: '.data/e2e', ASTRO_TELEMETRY_DISABLED: '1' },
    url: `http://localhost:${port}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
