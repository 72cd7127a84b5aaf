import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { messageCatalogs } from './scripts/message-catalogs';

const root = import.meta.dirname;
const alias = { '@shared': path.join(root, 'shared'), '@web': path.join(root, 'web') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        plugins: [messageCatalogs(), react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/support/web-setup.ts'],
          // jsdom renders are slow on a loaded two-core runner; a timeout is a failure, not a check.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts', 'tests/api/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        // Faults and scale-out: real processes (`dist/server/main.js`) on a PostgreSQL server of the
        // suite's own (tests/ops/support/postgres-cluster.ts), one file at a time.
        resolve: { alias },
        test: {
          name: 'ops',
          include: ['tests/ops/**/*.ops.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
