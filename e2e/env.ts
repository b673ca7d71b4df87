/** Settings shared by the Playwright config, the servers it starts and the specs. */
export const E2E = {
  port: 3100,
  baseURL: 'http://localhost:3100',
  smtpPort: 2526,
  mailDir: 'e2e/.tmp/mail',
  // Test-only secrets: the specs sign an expired access token with this to test refresh.
  jwtSecret: 'e2e-only-jwt-secret-0123456789abcdef0123456789',
  dataKey: 'e2e-only-data-key-0123456789abcdef0123456789ab',
  password: 'Demo@1234',
} as const;
