import type { Page } from '@playwright/test'

/**
 * A visitor starts using a page: a key press (Shift, which changes nothing) is the first activity,
 * which starts the framework (server/pages/page-script.server.ts) and brings every deferred block's
 * code (app/ui/deferred.tsx); resolves once React has hydrated (`<html data-hydrated>`) and no block
 * waits for its code any more (`data-deferred-blocks` gone).
 */
export async function startUsing(page: Page) {
  await page.keyboard.press('Shift')
  await page.waitForFunction(
    () => document.documentElement.hasAttribute('data-hydrated') && !document.documentElement.hasAttribute('data-deferred-blocks'),
  )
}

/** Whether the document is one of our pages with a framework to start (`/find-us-on` has none). */
export const hasFramework = (page: Page) => page.evaluate(() => document.getElementById('framework-boot') !== null)
