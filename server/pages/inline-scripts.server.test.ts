import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { hashMarkedScripts, renderMark } from './inline-scripts.server.ts'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

test('only the scripts the renderer marked are hashed, and the marks leave the page', () => {
  const mark = renderMark()
  const ours = 'window.__reactRouterContext = {};'
  const html =
    `<script nonce="${mark}">${ours}</script>` +
    `<script nonce="${mark}" type="module" async="">import "/assets/entry.js";</script>` +
    `<script nonce="${mark}" src="/assets/x.js"></script>` +
    '<script>alert("from a record")</script>' +
    '<script nonce="guessed">alert(2)</script>' +
    '<script type="application/ld+json">{"@type":"LocalBusiness"}</script>'
  const { html: clean, hashes } = hashMarkedScripts(html, mark)
  expect(hashes).toEqual([sha(ours), sha('import "/assets/entry.js";')])
  expect(clean).not.toContain(mark)
  expect(clean).toContain(`<script>${ours}</script>`)
  expect(renderMark()).not.toBe(mark)
})
