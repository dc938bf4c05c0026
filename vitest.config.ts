import { defineConfig } from 'vitest/config'

// Deliberately without the React Router plugin: unit tests import modules directly.
// Two projects, told apart by where a test lives:
// - unit: `*.test.ts(x)` beside the code in app/ and server/. In-process only (node or jsdom, fakes on
//   127.0.0.1 at most): no built site, no PostgreSQL, no Chromium. `npm run test:unit`, seconds.
// - integration: tests/*.test.ts. They start the production build, the run's PostgreSQL or Chromium.
//   `npm run test:integration`, minutes, two files at a time (each starts its own servers, on free ports, with its own
//   database of the run's PostgreSQL cluster, or a cluster of its own where a test asserts what one database alone sees).
// Every wait in the suite (expect.poll) has this one bound unless it says why it needs another: long enough for a
// 2-core machine busy with other work (`npm run test:stress`), where what takes 50 ms alone can take seconds.
// A condition that never comes still fails, with the matcher's message, within the test's own timeout.
const WAIT = { timeout: 15_000, interval: 50 }

const shared = {
  environment: 'node' as const,
  setupFiles: ['./tests/setup.ts'],
  expect: { poll: WAIT },
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          // In-process tests answer in milliseconds, but on a busy machine a poll may need its whole bound: the test's
          // own timeout is longer, so a condition that never comes fails with the poll's message, not a bare timeout.
          testTimeout: WAIT.timeout + 5_000,
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
          // A test's own bound is for a hang: a test starts servers and waits several times, each wait up to WAIT, on a
          // machine that may be ten times slower than alone (`npm run test:stress`).
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two files at a time (decision 190): 6 min instead of 9 on 2 cores, most of a file's time being spent waiting
          // (a server starting, a lease, a retry, a poll), and every wait holds on a machine twice as busy.
          maxWorkers: 2,
          // After the unit project, never beside it: the servers it starts want the CPU to themselves.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
