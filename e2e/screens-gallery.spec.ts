import type { Locator, Page } from '@playwright/test'
import { demoRecord, expect, test } from './fixtures.ts'
import { DESKTOP } from './viewports.ts'

/** The record the demo server serves (demo/record.json). */
const record = demoRecord

/** The demo's three landings (demo/record.json): each a gallery group with its photos and its own page. */
type Group = { name: string; photos: number; href: string }
const groups: Group[] = [
  { name: 'Cedar Fences', photos: 8, href: '/gallery/cedar-fences' },
  { name: 'Custom Decks', photos: 6, href: '/gallery/custom-decks' },
  { name: 'Concrete Work', photos: 8, href: '/gallery/concrete-work' },
]
const firstGroup = groups[0]!
/** The demo's gallery videos (ytGallery.links), in order. */
const videoIds = ['aqz-KE-bpKQ', 'eRsGyueVLvQ', 'R6MlUcmOul8', 'TLkA0RELQ1g', 'WhWc3b3KhnY', 'Y-rmzh0PI3c']

const thumbnail = (page: Page, group: Group, position: number) =>
  page.getByRole('button', { name: `Open image ${position} of ${group.photos}: ${group.name}`, exact: true })
const lightbox = (page: Page) => page.getByRole('dialog', { name: `${firstGroup.name} photos` })
/** The photo the viewer shows: its slide is the one inside the viewport. */
const shownPhoto = (page: Page, position: number) =>
  lightbox(page).locator(`img[alt="${firstGroup.name}, photo ${position} of ${firstGroup.photos}"]`)

test.describe('gallery', () => {
  test.use({ viewport: DESKTOP })

  test('one titled grid per landing, each photo a named button, each linked to the landing page', async ({ page }) => {
    await page.goto('/gallery')
    await expect(page.getByRole('heading', { level: 2 })).toContainText(groups.map((g) => g.name))
    for (const group of groups) {
      const section = page.getByRole('region', { name: group.name, exact: true })
      await expect(section.getByRole('button', { name: /^Open image \d+ of \d+: / })).toHaveCount(group.photos)
      await expect(thumbnail(page, group, group.photos)).toBeVisible()
      await expect(section.getByRole('link', { name: `View project page for ${group.name}` })).toHaveAttribute('href', group.href)
    }
  })

  test('the viewer code is not part of the first load; it arrives on the first open', async ({ page }) => {
    await page.goto('/gallery')
    const viewerLoaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /lightbox-viewer/.test(e.name)))
    expect(await viewerLoaded()).toBe(false)
    await thumbnail(page, firstGroup, 1).click()
    await expect(lightbox(page)).toBeVisible()
    expect(await viewerLoaded()).toBe(true)
  })

  test('a thumbnail opens the full-screen viewer at that photo; Escape closes it and focus returns', async ({ page }) => {
    await page.goto('/gallery')
    const opener = thumbnail(page, firstGroup, 3)
    await opener.click()
    await expect(lightbox(page)).toBeVisible()
    await expect(shownPhoto(page, 3)).toBeInViewport()
    const box = await lightbox(page).boundingBox()
    expect(box?.width).toBe(1366)
    await expect(lightbox(page)).toContainText(`3 / ${firstGroup.photos}`)
    await page.keyboard.press('Escape')
    await expect(lightbox(page)).toHaveCount(0)
    await expect(opener).toBeFocused()
  })

  test('next wraps from the last photo to the first, previous from the first to the last; arrow keys navigate', async ({ page }) => {
    const total = firstGroup.photos
    await page.goto('/gallery')
    await thumbnail(page, firstGroup, total).click()
    await expect(shownPhoto(page, total)).toBeInViewport()
    await lightbox(page).getByRole('button', { name: 'Next photo' }).click()
    await expect(shownPhoto(page, 1)).toBeInViewport()
    await lightbox(page).getByRole('button', { name: 'Previous photo' }).click()
    await expect(shownPhoto(page, total)).toBeInViewport()
    await page.keyboard.press('ArrowRight')
    await expect(shownPhoto(page, 1)).toBeInViewport()
    await page.keyboard.press('ArrowLeft')
    await expect(shownPhoto(page, total)).toBeInViewport()
    await page.keyboard.press('ArrowLeft')
    await expect(shownPhoto(page, total - 1)).toBeInViewport()
  })

  test('the close button closes the viewer and focus goes back to the thumbnail', async ({ page }) => {
    await page.goto('/gallery')
    const opener = thumbnail(page, firstGroup, 2)
    await opener.click()
    await lightbox(page).getByRole('button', { name: 'Close photo viewer' }).click()
    await expect(lightbox(page)).toHaveCount(0)
    await expect(opener).toBeFocused()
  })

  test('before/after sliders: arrow keys, Home and End move the split', async ({ page }) => {
    await page.goto('/gallery')
    const region = page.getByRole('region', { name: 'Before & After' })
    await expect(region.getByRole('slider')).toHaveCount(3) // the demo's three before/after pairs
    const slider = region.getByRole('slider', { name: 'Project 1: before and after comparison' })
    await expect(region.getByRole('img', { name: 'Before' }).first()).toBeVisible()
    await expect(region.getByRole('img', { name: 'After' }).first()).toBeVisible()
    await expect(slider).toHaveValue('50')
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await expect(slider).toHaveValue('55')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(slider).toHaveValue('45')
    await expect(slider).toHaveAttribute('aria-valuetext', '45% before, 55% after')
    await page.keyboard.press('End')
    await expect(slider).toHaveValue('100')
    await page.keyboard.press('Home')
    await expect(slider).toHaveValue('0')
    // The visible split follows the value: the handle and the before photo's edge sit at the left edge, then at the right edge.
    const photo = (await region.getByRole('img', { name: 'After' }).first().boundingBox())!
    const handle = region.locator('[data-split-handle]').first()
    await expect.poll(async () => Math.abs((await handleCentre(handle)) - photo.x)).toBeLessThan(3)
    await expect.poll(() => visibleWidth(region.getByRole('img', { name: 'Before' }).first())).toBeLessThan(3)
    await page.keyboard.press('PageDown')
    await expect(slider).toHaveValue('0')
    await page.keyboard.press('End')
    await expect.poll(async () => Math.abs((await handleCentre(handle)) - (photo.x + photo.width))).toBeLessThan(3)
    await expect.poll(() => visibleWidth(region.getByRole('img', { name: 'Before' }).first())).toBeGreaterThan(photo.width - 3)
    await page.keyboard.press('PageDown')
    await expect(slider).toHaveValue('75')
  })

  test('before/after sliders follow a drag', async ({ page }) => {
    await page.goto('/gallery')
    const slider = page.getByRole('slider', { name: 'Project 1: before and after comparison' })
    const photo = page.getByRole('img', { name: 'After' }).first()
    const box = (await photo.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
    await expect.poll(async () => Number(await slider.inputValue())).toBeLessThan(30)
  })
})

/** Where the split is drawn: the centre of the handle drawn over the photos, in page pixels. */
async function handleCentre(handle: Locator) {
  const box = (await handle.boundingBox())!
  return box.x + box.width / 2
}

/** How much of a photo its clip leaves visible, in CSS pixels across. */
function visibleWidth(photo: Locator) {
  return photo.evaluate((img) => {
    const clip = getComputedStyle(img.closest('[style*="clip-path"]')!).clipPath
    const right = Number(/inset\(0(?:px)? ([\d.]+)%/.exec(clip)?.[1] ?? 0)
    return (img.getBoundingClientRect().width * (100 - right)) / 100
  })
}

test.describe('landing gallery', () => {
  test("shows that landing's photos only, under its name", async ({ page }) => {
    const landing = groups[1]!
    await page.goto(landing.href)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(landing.name)
    await expect(page.getByRole('button', { name: /^Open image \d+ of \d+: / })).toHaveCount(landing.photos)
    await thumbnail(page, landing, 1).click()
    await expect(page.getByRole('dialog', { name: `${landing.name} photos` })).toBeVisible()
  })
})

test.describe('our videos', () => {
  test('light thumbnails, no player until asked, then a player in a modal that is removed on close', async ({ page }) => {
    await page.goto('/our-videos')
    await expect(page.locator('iframe')).toHaveCount(0)
    const buttons = page.getByRole('button', { name: /^Play Video \d+ of \d+$/ })
    await expect(buttons).toHaveCount(videoIds.length)
    const thumb = buttons.nth(1).locator('img')
    await expect(thumb).toHaveAttribute('src', `https://i.ytimg.com/vi/${videoIds[1]}/hqdefault.jpg`)
    await expect(thumb).toHaveAttribute('loading', 'lazy')
    await expect(thumb).toHaveAttribute('width', /\d+/)
    await expect(thumb).toHaveAttribute('height', /\d+/)

    await buttons.nth(1).click()
    const modal = page.getByRole('dialog', { name: `Video 2 of ${videoIds.length}` })
    await expect(modal).toBeVisible()
    const player = modal.locator('iframe')
    await expect(player).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${videoIds[1]}?autoplay=1`)
    await expect(player).toHaveAttribute('title', /YouTube video 2 of/)
    await modal.getByRole('button', { name: 'Close video' }).click()
    await expect(modal).toBeHidden()
    await expect(page.locator('iframe')).toHaveCount(0)
    await expect(buttons.nth(1)).toBeFocused()

    await buttons.nth(0).click()
    await expect(page.locator('iframe')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(page.locator('iframe')).toHaveCount(0)
    await expect(buttons.nth(0)).toBeFocused()
  })

  test('links to the channel', async ({ page }) => {
    await page.goto('/our-videos')
    await expect(page.getByRole('link', { name: /Visit our YouTube channel/ })).toHaveAttribute('href', record.ytGallery.linkCanalYT)
  })
})

test.describe('reviews', () => {
  test('the reviews heading and the reviews widget named by the record', async ({ page }) => {
    await page.goto('/reviews')
    await expect(page.getByRole('heading', { level: 2, name: record.labels.general.titleReviews || 'Reviews' })).toBeVisible()
    // links[0] is the third-party widget's own class name: the contract with its script.
    await expect(page.locator(`div.${record.reviews.links[0]}`)).toHaveCount(1)
  })
})
