// Root jest configuration: every workspace's tests run through @swc/jest.
// ESM-only packages in node_modules must be transformed too; they are found by their own
// package.json ("type": "module") instead of a hand-kept list, so new dependencies just work.
const { esmOnlyPackages, ignoreUnlessEsm } = require('./scripts/esm-packages');

const ignoreUnlessEsmPackage = ignoreUnlessEsm(esmOnlyPackages(__dirname));

const swc = (react) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: {
        ...(react ? { react: { runtime: 'automatic' } } : {}),
        // CommonJS has no import.meta; ESM dependencies (react-router) read only import.meta.hot, a bundler's.
        optimizer: { globals: { vars: { 'import.meta.hot': 'undefined' } } },
      },
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const shared = {
  transformIgnorePatterns: [ignoreUnlessEsmPackage],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // Workspace packages are tested from source, never from a stale build.
  moduleNameMapper: {
    '^@dv/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@dv/kit$': '<rootDir>/services/kit/src/index.ts',
    '^@dv/kit/testing$': '<rootDir>/services/kit/src/testing/index.ts',
    '^@dv/dev-idp$': '<rootDir>/services/dev-idp/src/index.ts',
    '^@dv/dev-idp/testing$': '<rootDir>/services/dev-idp/src/testing/index.ts',
    '^@dv/offices$': '<rootDir>/services/offices/src/index.ts',
    '^@dv/gateway$': '<rootDir>/services/gateway/src/index.ts',
    '^@dv/portals$': '<rootDir>/services/portals/src/index.ts',
    '^@dv/realtime$': '<rootDir>/services/realtime/src/index.ts',
    '^@dv/bugs$': '<rootDir>/services/bugs/src/index.ts',
    '^@dv/verifications$': '<rootDir>/services/verifications/src/index.ts',
    '^@dv/schedule$': '<rootDir>/services/schedule/src/index.ts',
    '^@dv/billing$': '<rootDir>/services/billing/src/index.ts',
    '^@dv/standalone$': '<rootDir>/services/standalone/src/index.ts',
  },
};

/** @type {import('jest').Config} */
module.exports = {
  // The suite runs on two-core CI machines next to the databases; a long antd flow in jsdom or a service test
  // waiting for its workers must not fail on jest's 5 s default under that load. (Jest reads this option only
  // here, not per project.) Tests assert behaviour, never timings.
  testTimeout: 60_000,
  // Without this, a two-core machine (one worker) runs every file in jest's own process, whose heap only grows
  // (each file's modules, jsdom windows) until it runs out near the suite's end. With a limit, the files run in a
  // worker that is replaced once it holds more than this after a file.
  workerIdleMemoryLimit: '1GB',
  globalSetup: '<rootDir>/scripts/jest-global-setup.js',
  projects: [
    {
      ...shared,
      displayName: 'node',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/contracts/src/**/*.test.ts',
        '<rootDir>/services/*/src/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.js',
      ],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      transform: { '^.+\\.(t|j)sx?$|^.+\\.mjs$': swc(false) },
    },
    {
      ...shared,
      displayName: 'web',
      rootDir: __dirname,
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.test.ts', '<rootDir>/web/src/**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      transform: { '^.+\\.(t|j)sx?$|^.+\\.mjs$': swc(true) },
      setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        '\\.(css|less|svg|png|pdf)$': '<rootDir>/web/test/file-stub.cjs',
      },
    },
  ],
};
