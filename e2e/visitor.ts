import type { Page } from '@playwright/test'

/**
 * A visitor starts using a page: once it has hydrated (`<html data-hydrated>`), a key press (Shift,
 * which changes nothing) is the first activity that brings every deferred block's code
 * (app/ui/deferred.tsx); resolves when no block waits for its code any more (`data-deferred-blocks` gone).
 */
export async function startUsing(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  await page.keyboard.press('Shift')
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-deferred-blocks'))
}
