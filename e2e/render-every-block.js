/**
 * A visitor who has scrolled past every block: the blocks the browser renders only when near the
 * viewport (`content-visibility: auto`, app/app.css `render-when-near`) are rendered, as they are
 * for someone looking at them. What reads what is drawn needs it: axe's contrast (a skipped block has
 * no layout, so its text seems to sit on whatever is behind), a picture's box, a full-page screenshot
 * (Chromium leaves a skipped block blank in it). Set through the CSSOM, which the page's CSP allows.
 * @param {import('@playwright/test').Page} page
 */
export const renderEveryBlock = (page) =>
  page.evaluate(() => {
    for (const element of document.querySelectorAll('main section, footer'))
      if (element instanceof HTMLElement && getComputedStyle(element).contentVisibility === 'auto')
        element.style.contentVisibility = 'visible'
  })
