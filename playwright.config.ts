import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './e2e/chromium.js'

const port = Number(process.env.E2E_PORT ?? 3100)
export const baseURL = `http://localhost:${port}`

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  // In CI a test.only left behind fails the run. No retries, in CI or not: a test that passes only on
  // its second try is a failing test (a race, or a wait that holds only on a fast machine).
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  timeout: 45_000,
  // Every web-first assertion (`expect(locator).toBeVisible()`, `expect.poll`, `toPass`) waits this long unless it
  // says why it needs another bound: Playwright's 5 s default is short for a 2-core machine busy with other work.
  // The same figure as vitest.config.ts's expect.poll default.
  expect: { timeout: 15_000, toPass: { timeout: 15_000 } },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // Builds and serves the production site with the embedded demo and a fresh data folder.
    command: `node e2e/serve-demo.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
