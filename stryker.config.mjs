// Mutation testing of the policy modules and the API contracts: `npm run test:mutation`.
// Not part of `npm test` (it takes minutes); the README records the last score.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['server/policies/*.ts', 'shared/api/*.ts', '!**/*.test.ts'],
  coverageAnalysis: 'perTest',
  // The machine running it is usually shared; two workers keep a run near ten minutes.
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', 'reports', 'test-results', 'playwright-report', '.stryker-tmp'],
};
