import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const engine = fileURLToPath(new URL('./packages/payroll-engine/src/index.ts', import.meta.url));
const alias = { '@hr/contract': contract, '@hr/payroll-engine': engine };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/**/*.test.ts', 'packages/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globals: true,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          globals: true,
        },
      },
    ],
  },
});
