import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { hashMarkedScripts, renderMark, startScriptsAfterFirstPaint } from './inline-scripts.server.ts'

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

test("React Router's scripts start after the first paint: preloads issued then, static imports made dynamic", () => {
  const mark = renderMark()
  const routerScript =
    ';\nimport * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/home.js";\n' +
    '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client.js");'
  const html =
    '<head><link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/framework.js"/></head>' +
    `<body><script nonce="${mark}">window.__reactRouterContext = {};</script>` +
    `<script type="module" async="" nonce="${mark}">${routerScript}</script></body>`
  const out = startScriptsAfterFirstPaint(html, mark)
  expect(out).not.toContain('modulepreload"/>')
  const script = /<script type="module" nonce="[^"]+">([\s\S]*)<\/script>/.exec(out)![1]!
  const lines = script.split('\n')
  expect(lines[0]).toContain('requestAnimationFrame(')
  expect(lines[1]).toContain('["/assets/entry.client.js","/assets/framework.js"]')
  expect(lines[2]).toBe('const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/home.js")]);')
  expect(script).not.toMatch(/^\s*import \* as/m)
  expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};')
  expect(script.trimEnd().endsWith('import("/assets/entry.client.js");')).toBe(true)
  // The rewritten script is still one the renderer marked, so its new text is what gets hashed.
  expect(hashMarkedScripts(out, mark).hashes).toContain(sha(script))
})

test("a bare import (the dev server's HMR runtime) becomes a dynamic import that runs before the route modules", () => {
  const mark = renderMark()
  const html = `<script type="module" async="" nonce="${mark}">;\nimport * as route0 from "/app/root.tsx";\nimport "/@id/hmr-runtime";;\nimport("/entry.tsx");</script>`
  const script = /<script type="module" nonce="[^"]+">([\s\S]*)<\/script>/.exec(startScriptsAfterFirstPaint(html, mark))![1]!
  expect(script).not.toMatch(/^\s*import "/m)
  expect(script.indexOf('await import("/@id/hmr-runtime");')).toBeGreaterThan(-1)
  expect(script.indexOf('await import("/@id/hmr-runtime");')).toBeLessThan(script.indexOf('import("/app/root.tsx")'))
})

test('markup of another shape is left as it was', () => {
  const mark = renderMark()
  const html = `<script type="module" async="" nonce="${mark}">import "/assets/entry.js";</script><link rel="modulepreload" href="/a.js"/>`
  expect(startScriptsAfterFirstPaint(html, mark)).toBe(html)
})
