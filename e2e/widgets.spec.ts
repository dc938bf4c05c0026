import type { Locator, Page } from '@playwright/test'
import { startFakeWeather, unreachableUrl } from '#tests/fake-weather.ts'
import { ensureBuilt, startSite } from '#tests/site-server.ts'
import { expectNoAxeViolations } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { startUsing } from './visitor.ts'
import { DESKTOP, PHONE } from './viewports.ts'

const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** Waits until React has hydrated the widget menu (a page from `context.newPage()` is not woken by the fixture: its visitor starts using it here). */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url)
  await startUsing(page)
  return page.getByRole('button', { name: 'Quick actions menu' })
}

/**
 * Opens a panel with the page clock stopped, then lets fake time move in 20 ms steps only until
 * the panel's own loader shows: its timer has then run for a few steps at most, and from there
 * time moves only by `page.clock.runFor`. (Requires `page.clock.install()` before the page loads.)
 */
async function openPanelOnFrozenClock(page: Page, menu: Locator, button: string, panel: Locator, loaderLabel: string | RegExp) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await menu.getByRole('button', { name: button, exact: true }).click()
  // The 50 ms is the point: each try looks once between two 20 ms steps of fake time. The whole wait is longer than
  // the suite's bound: every step is a round trip to the browser, hundreds of them on a busy machine.
  await expect(async () => {
    await page.clock.runFor(20)
    await expect(panel.getByRole('status')).toHaveText(loaderLabel, { timeout: 50 })
  }).toPass({ timeout: 20_000, intervals: [50] })
}

async function openMenu(page: Page, url = '/') {
  const launcher = await gotoHydrated(page, url)
  await launcher.click()
  await expect(launcher).toHaveAttribute('aria-expanded', 'true')
  return page.getByRole('region', { name: 'Quick actions' })
}

test.describe('floating widgets on a desktop (demo record: every widget active)', () => {
  test.use({ viewport: DESKTOP, userAgent: BROWSER_UA })

  test('the menu opens and closes, offering every active widget, with the reviews tab on the right edge', async ({ page }) => {
    const launcher = await gotoHydrated(page, '/')
    const menu = page.getByRole('region', { name: 'Quick actions' })
    await expect(launcher).toHaveAttribute('aria-expanded', 'false')
    await expect(menu.getByRole('button', { name: 'Chat with us' })).toBeHidden()
    await launcher.click()
    for (const name of ['Chat with us', 'Call us now', 'Visits counter', 'Weather', 'Colour palette']) {
      await expect(menu.getByRole('button', { name })).toBeVisible()
    }
    const tab = page.getByRole('link', { name: 'Customer reviews' })
    await expect(tab).toHaveCount(1) // the in-menu copy is for narrow screens only
    await expect(tab).toBeVisible()
    await expect(tab).toHaveAttribute('href', '/reviews')
    await launcher.click()
    await expect(launcher).toHaveAttribute('aria-expanded', 'false')
    await expect(menu.getByRole('button', { name: 'Chat with us' })).toBeHidden()
    await tab.click()
    await expect(page).toHaveURL(/\/reviews$/)
  })

  test('opening one panel closes the other', async ({ page }) => {
    const menu = await openMenu(page)
    const panels = menu.getByRole('dialog')
    await menu.getByRole('button', { name: 'Chat with us' }).click()
    await expect(panels).toHaveCount(1)
    await expect(menu.getByRole('dialog', { name: /Summit Ridge/ })).toBeVisible()
    for (const [button, dialog] of [
      ['Call us now', 'Call us now'],
      ['Visits counter', 'Visits'],
      ['Weather', 'Weather now'],
      ['Chat with us', /Summit Ridge/],
    ] as const) {
      await menu.getByRole('button', { name: button }).click()
      await expect(menu.getByRole('dialog', { name: dialog })).toBeVisible()
      await expect(panels).toHaveCount(1)
      await expect(menu.getByRole('button', { name: button, exact: true })).toHaveAttribute('aria-expanded', 'true')
    }
    await menu.getByRole('button', { name: 'Close chat' }).click()
    await expect(panels).toHaveCount(0)
    await expect(menu.getByRole('button', { name: 'Chat with us' })).toBeFocused()
  })

  test('keyboard: open the menu and a panel, Escape closes the panel then the menu, focus returns each time', async ({ page }) => {
    const launcher = await gotoHydrated(page, '/')
    await launcher.focus()
    await page.keyboard.press('Enter')
    await expect(launcher).toHaveAttribute('aria-expanded', 'true')
    const call = page.getByRole('button', { name: 'Call us now' })
    await call.focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: 'Call us now' })
    await expect(panel).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(panel).toHaveCount(0)
    await expect(call).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(launcher).toHaveAttribute('aria-expanded', 'false')
    await expect(launcher).toBeFocused()
  })

  test('the colour palette button opens the palette modal; Escape closes it and focus returns to the button', async ({ page }) => {
    const menu = await openMenu(page)
    const button = menu.getByRole('button', { name: 'Colour palette' })
    await button.click()
    const modal = page.getByRole('dialog', { name: 'Colour Palette' })
    await expect(modal).toBeVisible()
    await expect(modal.getByText(/^#[0-9a-f]{6}$/i).first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(button).toBeFocused()
    await expect(page.getByRole('button', { name: 'Quick actions menu' })).toHaveAttribute('aria-expanded', 'true')
  })

  test('focus moving back into the page closes the menu, so it never covers the focused element', async ({ page }) => {
    const menu = await openMenu(page)
    await menu.getByRole('button', { name: 'Visits counter' }).click()
    await expect(menu.getByRole('dialog')).toBeVisible()
    await page.getByRole('banner').getByRole('link').first().focus()
    await expect(menu.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Quick actions menu' })).toHaveAttribute('aria-expanded', 'false')
  })

  test('chat: typing loader for 3 s, then the greeting; Send opens the chat app for the first phone in a new tab and clears the input', async ({
    page,
    context,
  }) => {
    await page.clock.install()
    const menu = await openMenu(page)
    const chat = menu.getByRole('dialog', { name: /Summit Ridge/ })
    await openPanelOnFrozenClock(page, menu, 'Chat with us', chat, /Summit Ridge.* is typing/)
    await expect(chat.getByText('Typically replies in minutes')).toBeVisible()
    await expect(chat.getByRole('img')).toHaveCount(0) // the logo is decorative beside the business name…
    // …but it is there: the company logo, the same picture the header shows
    await expect(chat.locator('img')).toHaveAttribute('src', (await page.getByRole('banner').locator('img').first().getAttribute('src'))!)
    await page.clock.runFor(2_000)
    await expect(chat.getByText(/How can we help/)).toHaveCount(0)
    await page.clock.runFor(1_000)
    await expect(chat.getByText(/How can we help/)).toBeVisible()
    await expect(chat.getByRole('status')).toHaveCount(0)

    const input = chat.getByRole('textbox', { name: 'Your message' })
    await input.fill('Need a cedar fence & gate?')
    const popupOpened = context.waitForEvent('page')
    await chat.getByRole('button', { name: 'Send' }).click()
    const popup = await popupOpened
    expect(popup.url()).toBe('https://wa.me/13035550142?text=Need%20a%20cedar%20fence%20%26%20gate%3F')
    expect(await popup.evaluate(() => window.opener)).toBeNull()
    await popup.close()
    await expect(input).toHaveValue('')

    await input.fill('Second message')
    const second = context.waitForEvent('page')
    await input.press('Enter')
    expect((await second).url()).toBe('https://wa.me/13035550142?text=Second%20message')
    await expect(input).toHaveValue('')
  })

  test('call us now: a 1 s loader, then the first phone as a +1 tel link and the others with their names', async ({ page }) => {
    await page.clock.install()
    const menu = await openMenu(page)
    const panel = menu.getByRole('dialog', { name: 'Call us now' })
    await openPanelOnFrozenClock(page, menu, 'Call us now', panel, 'Getting our phone numbers')
    await page.clock.runFor(400)
    await expect(panel.getByRole('link')).toHaveCount(0)
    await page.clock.runFor(600)
    const links = panel.getByRole('link')
    await expect(links).toHaveCount(3)
    await expect(links.first()).toHaveAttribute('href', 'tel:+13035550142')
    await expect(links.first()).toHaveText('303-555-0142')
    await expect(panel.getByRole('listitem')).toHaveText([/Sales\s*303-555-0178/, /Repairs\s*720-555-0119/])
    await expect(links.nth(2)).toHaveAttribute('href', 'tel:+17205550119')
  })

  test('visits counter: a 1 s loader, then visits today and in total; the same visitor again the same day adds none', async ({
    page,
    context,
  }) => {
    await page.clock.install()
    const counted = page.waitForResponse((r) => r.url().endsWith('/api/visits') && r.request().method() === 'POST')
    const menu = await openMenu(page)
    // Every browser test visits from 127.0.0.1: whether this view was its first today depends on the tests before it.
    expect(await (await counted).json()).toMatchObject({ counted: expect.any(Boolean) })
    const panel = menu.getByRole('dialog', { name: 'Visits' })
    await openPanelOnFrozenClock(page, menu, 'Visits counter', panel, 'Counting visits')
    await page.clock.runFor(400)
    await expect(panel.getByText('Total visits')).toHaveCount(0)
    await page.clock.runFor(600)
    const total = async () => Number((await panel.getByRole('definition').nth(1).innerText()).replace(/,/g, ''))
    await expect(panel.getByText('Visits today')).toBeVisible()
    const first = await total()
    expect(first).toBeGreaterThanOrEqual(1)
    expect(Number(await panel.getByRole('definition').first().innerText())).toBeGreaterThanOrEqual(1)

    await page.clock.resume() // the clock belongs to the context: the second page needs it running
    const again = await context.newPage()
    const menuAgain = await openMenu(again)
    await menuAgain.getByRole('button', { name: 'Visits counter' }).click()
    const panelAgain = menuAgain.getByRole('dialog', { name: 'Visits' })
    await expect(panelAgain.getByText('Visits today')).toBeVisible()
    const second = Number((await panelAgain.getByRole('definition').nth(1).innerText()).replace(/,/g, ''))
    expect(second).toBe(first)
  })

  test('a page view is counted once, however often the page re-renders; moving to another page is a new view', async ({ page }) => {
    // Each count posted, by the page it was sent from (requests arrive here in the order the page sent them).
    const posts: string[] = []
    page.on(
      'request',
      (r) =>
        r.url().endsWith('/api/visits') &&
        r.method() === 'POST' &&
        posts.push(r.headers().referer?.replace(/^https?:\/\/[^/]+/, '') ?? 'no referer'),
    )
    const menu = await openMenu(page)
    for (const name of ['Visits counter', 'Call us now', 'Visits counter', 'Weather']) await menu.getByRole('button', { name }).click()
    await page.getByRole('button', { name: 'Quick actions menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click()
    await expect(page).toHaveURL(/\/about$/)
    // The next page's count is sent after every re-render above: once it is here, a second count of / would be too.
    await expect.poll(() => posts.includes('/about')).toBe(true)
    expect(posts).toEqual(['/', '/about'])
  })

  test('the counter answers only same-site JSON posts', async ({ request }) => {
    expect(
      (await request.post('/api/visits', { headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER_UA }, data: 'x' })).status(),
    ).toBe(415)
    const crossSite = await request.post('/api/visits', {
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site', 'User-Agent': BROWSER_UA },
      data: {},
    })
    expect(crossSite.status()).toBe(415)
    const counts = await (await request.get('/api/visits')).json()
    expect(counts).toEqual({ today: expect.any(Number), total: expect.any(Number) })
  })

  test('with the weather service unreachable (no internet here), the panel says so plainly', async ({ page }) => {
    const menu = await openMenu(page)
    await menu.getByRole('button', { name: 'Weather' }).click()
    const panel = menu.getByRole('dialog', { name: 'Weather now' })
    await expect(panel.getByRole('status')).toBeVisible()
    // Conditions when this machine can reach Open-Meteo, the plain note when it cannot (the usual case here).
    await expect(panel.getByText(/Weather is unavailable right now|°F/)).toBeVisible()
  })
})

test.describe('floating widgets on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true, userAgent: BROWSER_UA })

  test('the reviews link moves into the menu; panels fit beside the menu without overflowing the screen', async ({ page }) => {
    const launcher = await gotoHydrated(page, '/')
    await expect(page.getByRole('link', { name: 'Customer reviews' })).toBeHidden()
    await launcher.click()
    const menu = page.getByRole('region', { name: 'Quick actions' })
    await expect(menu.getByRole('link', { name: 'Customer reviews' })).toBeVisible()
    await menu.getByRole('button', { name: 'Chat with us' }).click()
    const box = await menu.getByRole('dialog').boundingBox()
    const launcherBox = await launcher.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(launcherBox!.x)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  test('the menu stays clear of the back-to-top button', async ({ page }) => {
    const launcher = await gotoHydrated(page, '/')
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }))
    const backToTop = page.getByRole('button', { name: 'Back to top' })
    await expect(backToTop).toBeVisible()
    await launcher.click()
    await page.getByRole('button', { name: 'Call us now' }).click()
    await expect(page.getByRole('dialog', { name: 'Call us now' })).toBeVisible()
    await backToTop.click() // would fail if anything of the menu were on top of it
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })
})

test.describe('bots', () => {
  test.use({ userAgent: GOOGLEBOT_UA })

  test('a bot page view is not counted', async ({ page }) => {
    const response = page.waitForResponse((r) => r.url().endsWith('/api/visits') && r.request().method() === 'POST')
    await page.goto('/')
    expect(await (await response).json()).toMatchObject({ counted: false })
  })
})

test.describe('weather panel against a local weather service', () => {
  test.use({ viewport: DESKTOP, userAgent: BROWSER_UA })
  let fake: Awaited<ReturnType<typeof startFakeWeather>>
  let withFake: Awaited<ReturnType<typeof startSite>>
  let unreachable: Awaited<ReturnType<typeof startSite>>

  test.beforeAll(async () => {
    ensureBuilt()
    fake = await startFakeWeather({ current: { temperature_2m: 64.4, weather_code: 61, wind_speed_10m: 11.6, wind_direction_10m: 200 } })
    ;[withFake, unreachable] = await Promise.all([
      startSite({ WEATHER_API_URL: fake.url }),
      startSite({ WEATHER_API_URL: await unreachableUrl() }),
    ])
  })
  test.afterAll(async () => {
    await Promise.all([withFake?.stop(), unreachable?.stop()])
    await fake?.close()
  })

  test('after a 1 s loader: temperature in °F, the conditions and the wind, for the first location’s coordinates', async ({ page }) => {
    const weatherRequests: string[] = []
    page.on('request', (r) => r.url().includes('/api/weather') && weatherRequests.push(r.url()))
    await page.clock.install()
    const menu = await openMenu(page, `${withFake.url}/`)
    expect(weatherRequests).toHaveLength(0) // no page load waits on, or even asks for, the weather
    const panel = menu.getByRole('dialog', { name: 'Weather now' })
    await openPanelOnFrozenClock(page, menu, 'Weather', panel, 'Checking the weather')
    await page.clock.runFor(400)
    await expect(panel.getByText('64°F')).toHaveCount(0)
    await page.clock.runFor(600)
    await expect(panel.getByText('64°F')).toBeVisible()
    await expect(panel.getByText('Light rain')).toBeVisible()
    await expect(panel.getByText('Wind 12 mph from the SSW')).toBeVisible()
    const [forecast] = fake.forecasts()
    expect([forecast!.searchParams.get('latitude'), forecast!.searchParams.get('longitude')]).toEqual(['40.01499', '-105.27055'])
  })

  test('with the service unreachable: "Weather is unavailable right now", and the page keeps working', async ({ page }) => {
    const menu = await openMenu(page, `${unreachable.url}/`)
    await menu.getByRole('button', { name: 'Weather' }).click()
    const panel = menu.getByRole('dialog', { name: 'Weather now' })
    await expect(panel.getByText('Weather is unavailable right now')).toBeVisible()
    await menu.getByRole('button', { name: 'Call us now' }).click()
    await expect(menu.getByRole('dialog', { name: 'Call us now' })).toBeVisible()
  })
})

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`axe on the open widget panels (${device})`, () => {
    test.use({ viewport, userAgent: BROWSER_UA })

    test('the menu and every panel have no WCAG 2.2 AA violations', async ({ page }) => {
      // The panels' loaders (3 s for the chat, 1 s for the others) run on the page's clock, moved on by hand.
      await page.clock.install()
      const menu = await openMenu(page)
      const scan = (label: string) => expectNoAxeViolations(page, label, '[role="region"][aria-label="Quick actions"]')
      await scan('open menu')
      for (const [button, ready] of [
        ['Chat with us', /How can we help/],
        ['Call us now', /303-555-0142/],
        ['Visits counter', /Total visits/],
        ['Weather', /Weather is unavailable right now|°F/],
      ] as const) {
        await menu.getByRole('button', { name: button, exact: true }).click()
        const content = menu.getByRole('dialog').getByText(ready).first()
        // The 100 ms is the point: a look between two 500 ms steps of fake time, the whole wait the suite's bound.
        await expect(async () => {
          await page.clock.runFor(500)
          await expect(content).toBeVisible({ timeout: 100 })
        }).toPass()
        await scan(`${button} panel`)
      }
    })
  })
}
