/**
 * A visitor who has scrolled past every block: the blocks the browser renders only when near the
 * viewport (`content-visibility: auto`, app/app.css `render-when-near`) are rendered, as they are
 * for someone looking at them. What reads what is drawn needs it: axe's contrast (a skipped block has
 * no layout, so its text seems to sit on whatever is behind), a picture's box, a full-page screenshot
 * (Chromium leaves a skipped block blank in it). The blocks are found by their computed style, so
 * this follows the stylesheet wherever it applies the rule; set through the CSSOM, which the page's
 * CSP allows.
 * @param {import('@playwright/test').Page} page
 */
export const renderEveryBlock = (page) =>
  page.evaluate(() => {
    // Read them all first: each change would make the next read restyle the page.
    const skippable = [...document.body.querySelectorAll('*')].filter(
      (element) => element instanceof HTMLElement && getComputedStyle(element).contentVisibility === 'auto',
    )
    for (const element of skippable) /** @type {HTMLElement} */ (element).style.contentVisibility = 'visible'
  })
