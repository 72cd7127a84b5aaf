import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant of the policy modules and the API contracts
 * (stryker.config.mjs). Only the unit layer: the API layer needs a PGlite database per file and a
 * forked pool, and Stryker's Vitest runner forces worker threads; the API tests would also take
 * minutes per mutant. The score therefore measures what the unit tests alone pin down.
 */
const root = import.meta.dirname;
const alias = { '@shared': path.join(root, 'shared'), '@web': path.join(root, 'web') };

export default defineConfig({
  resolve: { alias },
  test: {
    name: 'mutation',
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
    exclude: ['**/*.api.test.ts', 'node_modules/**'],
    environment: 'node',
  },
});
