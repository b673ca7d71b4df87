/**
 * Settings shared by the Playwright config, the servers it starts and the specs (each its own
 * process: they all read the same environment). The ports may be moved where 3100 or 2526 is taken.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E = {
  port,
  baseURL: `http://localhost:${port}`,
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2526),
  mailDir: 'e2e/.tmp/mail',
  // Test-only secrets: the specs sign an expired access token with this to test refresh.
  jwtSecret: 'e2e-only-jwt-secret-0123456789abcdef0123456789',
  dataKey: 'e2e-only-data-key-0123456789abcdef0123456789ab',
  password: 'Demo@1234',
} as const;
