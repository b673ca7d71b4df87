import { defineConfig } from '@playwright/test';
import { E2E } from './e2e/env';

// Browser tests drive Debian's Chromium against the built app as `npm start` serves it, with a
// real SMTP peer capturing mail. The app gets a fresh database every run.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: E2E.baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
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
    },
  },
  webServer: [
    {
      command: 'npx tsx e2e/support/smtp-capture.ts',
      port: E2E.smtpPort,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx e2e/support/serve.ts',
      url: `${E2E.baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
