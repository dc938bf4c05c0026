import { defineConfig } from 'vitest/config'

// Deliberately without the React Router plugin: unit tests import modules directly.
// Two projects, told apart by where a test lives:
// - unit: `*.test.ts(x)` beside the code in app/ and server/. In-process only (node or jsdom, fakes on
//   127.0.0.1 at most): no built site, no PostgreSQL, no Chromium. `npm run test:unit`, seconds.
// - integration: tests/*.test.ts. They start the production build, the run's PostgreSQL or Chromium.
//   `npm run test:integration`, minutes, one file at a time (each starts its own servers).
const shared = {
  environment: 'node' as const,
  setupFiles: ['./tests/setup.ts'],
  testTimeout: 30_000,
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          // In-process tests answer in milliseconds; one that waits 5 s is waiting for something that will not come.
          testTimeout: 5_000,
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
          // One worker thread reuses its module cache from file to file (47 s → 16 s on 2 cores): a unit
          // test may therefore leave no global behind, and stubbed globals are undone after each test.
          pool: 'threads',
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['./tests/postgres-global-setup.ts'],
          hookTimeout: 120_000,
          fileParallelism: false,
          // After the unit project, never beside it: the servers it starts want the CPU to themselves.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
