import fs from 'node:fs'

/** Debian's Chromium (or CHROME_PATH); undefined lets Playwright use its own browser if it has one. */
/** @returns {string | undefined} */
export function chromiumPath() {
  const candidates = /** @type {string[]} */ ([process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean))
  return candidates.find((p) => fs.existsSync(p))
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
