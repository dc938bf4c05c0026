import fs from 'node:fs'
import { test } from '@playwright/test'
import { startFakeProvider } from '#tests/fake-provider.ts'
import { ensureBuilt, startSite } from '#tests/site-server.ts'

/** The demo record as the provider sends it, to vary one part of (palette, language). */
export const rawDemoRecord = () => JSON.parse(fs.readFileSync(new URL('../demo/record.json', import.meta.url), 'utf8'))

/**
 * A real production server of its own, pointed at a local fake provider serving `record`, for the
 * tests of one describe block, with `env` added to its environment. `site.url` is its origin.
 */
export function serveRecord(record: unknown, env: Record<string, string> = {}) {
  const site = { url: '' }
  let stop = async () => {}
  test.beforeAll(async () => {
    ensureBuilt()
    const provider = await startFakeProvider({ kind: 'ok', record })
    const server = await startSite({ PAGE_API_URL: provider.url, PAGE_ID: 'demo', ...env })
    site.url = server.url
    stop = async () => {
      await server.stop()
      await provider.close()
    }
  })
  test.afterAll(() => stop())
  return site
}
