import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18321);
const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium, with the flags this sandboxed, offline machine needs. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  // Playwright empties its output folder at start: its own, so the other runners' reports stay.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: { baseURL, launchOptions: chromium, trace: 'retain-on-failure' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    // Readiness: the server listens before its migrations have run.
    url: `${baseURL}/readyz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
  },
});
