import { startFakeProvider } from '#tests/fake-provider.ts'
import { ensureBuilt, startSite } from '#tests/site-server.ts'
import { expect, test } from './fixtures.ts'
import { rawDemoRecord } from './record-site.ts'

test('a page served before any record arrived loads itself again once the provider answers', async ({ page }) => {
  ensureBuilt()
  const provider = await startFakeProvider({ kind: 'status', status: 500 })
  const site = await startSite({ PAGE_API_URL: provider.url, PAGE_ID: 'demo', RECORD_TTL_SECONDS: '1', RECORD_TIMEOUT_MS: '500' })
  try {
    await page.goto(`${site.url}/about`)
    await expect(page).toHaveTitle('About')
    await expect(page.locator('footer')).toBeVisible()
    provider.set({ kind: 'ok', record: rawDemoRecord() })
    // The loader asks again; the record's page is server HTML, so the browser loads the document anew.
    await expect(page).toHaveTitle('About | Summit Ridge Fence & Construction')
    await expect(page.getByRole('heading', { name: 'Get To Know Summit Ridge Fence & Construction' })).toBeVisible()
    await page.waitForLoadState('networkidle') // the new page's scripts, before the server stops
  } finally {
    await site.stop()
    await provider.close()
  }
})
