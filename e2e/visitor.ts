import type { Page } from '@playwright/test'

/**
 * A visitor starts using a page: a key press (Shift, which changes nothing) is the first activity,
 * which starts the framework (server/pages/page-script.server.ts) and brings every deferred block's
 * code (app/ui/deferred.tsx); resolves once React has hydrated (`<html data-hydrated>`) and no block
 * waits for its code any more (`data-deferred-blocks` gone). The key is pressed again while that has
 * not happened: a document that replaced the page meanwhile (the dev server reloads it when its
 * optimizer found new packages) waits for its own first activity.
 */
export async function startUsing(page: Page) {
  for (;;) {
    await page.keyboard.press('Shift')
    const ready = await page
      .waitForFunction(
        () => document.documentElement.hasAttribute('data-hydrated') && !document.documentElement.hasAttribute('data-deferred-blocks'),
        null,
        { timeout: 5_000 }, // short on purpose: then the key is pressed again (the loop's end has no bound but the test's)
      )
      .then(
        () => true,
        (error: unknown) => {
          if (page.isClosed()) throw error
          return false
        },
      )
    if (ready) return
  }
}

/** Whether the document is one of our pages with a framework to start (`/find-us-on` has none). */
export const hasFramework = (page: Page) => page.evaluate(() => document.getElementById('framework-boot') !== null)
