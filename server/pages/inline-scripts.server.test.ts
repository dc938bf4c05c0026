import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { hashMarkedScripts, renderMark, startFrameworkOnActivity } from './inline-scripts.server.ts'

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

/** What React Router 7's `<Scripts/>` writes for a page with two routes, in the shape of the built server's HTML. */
function routerPage(mark: string) {
  const context = '{"basename":"/","ssr":true,"note":"\\u003c/script\\u003e"}'
  const moduleScript =
    ';\nimport * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/home.js";\n' +
    '  window.__reactRouterManifest = {\n  "entry": {\n    "module": "/assets/entry.client.js"\n  },\n  "version": "1"\n};\n' +
    '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client.js");'
  return (
    '<head><link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/framework.js"/></head>' +
    `<body><main>page</main><script nonce="${mark}">window.__reactRouterContext = ${context};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>` +
    `<script type="module" async="" nonce="${mark}">${moduleScript}</script><!--$-->` +
    `<script nonce="${mark}">window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2},\\"a \\u0026 b\\"]\\n");</script>` +
    `<script nonce="${mark}">window.__reactRouterContext.streamController.enqueue("P1:[3]\\n");</script>` +
    `<script nonce="${mark}">window.__reactRouterContext.streamController.close();</script><!--/$--></body>`
  )
}

test("React Router's scripts leave the page: their data stays, in a script element the browser does not run", () => {
  const mark = renderMark()
  const out = startFrameworkOnActivity(routerPage(mark), mark)
  expect(out).not.toContain('modulepreload')
  expect(out).not.toContain('<script nonce=')
  expect(out).not.toContain('type="module"')
  expect(hashMarkedScripts(out, mark).hashes).toEqual([])
  const [, json] = /<script type="application\/json" id="framework-boot">([^<]*)<\/script>/.exec(out)!
  expect(JSON.parse(json!)).toEqual({
    c: { basename: '/', ssr: true, note: '</script>' },
    s: ['[{"_1":2},"a & b"]\n', 'P1:[3]\n'],
    m: { entry: { module: '/assets/entry.client.js' }, version: '1' },
    b: [],
    r: [
      ['root', '/assets/root.js'],
      ['routes/home', '/assets/home.js'],
    ],
    e: '/assets/entry.client.js',
    p: ['/assets/entry.client.js', '/assets/framework.js'],
  })
  // Where the context script was, before the Suspense markers (React hydrates <Scripts/>'s elements there).
  expect(out).toMatch(/<main>page<\/main><script type="application\/json" id="framework-boot">[^<]*<\/script><!--\$--><!--\/\$--><\/body>$/)
})

test("the dev server's HMR runtime (a bare import) is imported first, through a preload like the rest", () => {
  const mark = renderMark()
  const dev = routerPage(mark).replace(';\nimport * as route0', ';\nimport "/@id/hmr-runtime";\nimport * as route0')
  const [, json] = /<script type="application\/json" id="framework-boot">([^<]*)<\/script>/.exec(startFrameworkOnActivity(dev, mark))!
  const data = JSON.parse(json!) as { b: string[]; p: string[]; r: [string, string][] }
  expect(data.b).toEqual(['/@id/hmr-runtime'])
  expect(data.p[0]).toBe('/@id/hmr-runtime')
  expect(data.r).toHaveLength(2)
})

test('markup of another shape is left as it was: merged client chunks, no router scripts at all', () => {
  const mark = renderMark()
  const merged = routerPage(mark).replace(';\nimport * as route0', ';\nconst route0 = {...route0_main};\nimport * as route0')
  expect(startFrameworkOnActivity(merged, mark)).toBe(merged)
  const none = '<body><main>static</main></body>'
  expect(startFrameworkOnActivity(none, mark)).toBe(none)
})
