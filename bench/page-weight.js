// What each route weighs on first load, as a phone on a fresh visit receives it: the HTML (raw and
// as sent, brotli/gzip negotiated like a browser), the hydration data inside it, the JavaScript it
// loads before hydrating (every module script and modulepreload, as sent), and its CSS (inline and
// linked). Runs the demo, or `--record 14` for the 14-service record. Prints one line per route.
import http from 'node:http'
import { benchPort, demoRoutes, recordFromArgs, startSite } from './serve.js'

const { name, record, rest } = recordFromArgs()
const routes = rest.length ? rest : demoRoutes
const site = await startSite(benchPort(3303), { record })

/**
 * The body of a GET as a browser would receive it: its text, its bytes after decoding, its bytes on the wire.
 * @param {string} url
 * @returns {Promise<{ text: string, raw: number, wire: number }>}
 */
function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        /** @type {Buffer[]} */
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', async () => {
          const wire = Buffer.concat(chunks)
          const encoding = res.headers['content-encoding']
          const zlib = await import('node:zlib')
          const body = encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire
          resolve({ text: body.toString('utf8'), raw: body.length, wire: wire.length })
        })
      })
      .on('error', reject)
  })
}

/** @param {number} n */
const kb = (n) => (n / 1024).toFixed(1).padStart(9)
const totals = { js: 0, count: 0 }
console.log(`record: ${name}; KB = 1024 bytes; "sent" = brotli or gzip as the server negotiates with a browser\n`)
console.log('route                          HTML raw  HTML sent  hydration  JS files   JS sent  CSS inline  CSS linked')
for (const route of routes) {
  const page = await get(site.url + route)
  const html = page.text
  // React Router's data, kept in the page until the first activity starts the framework (server/pages/inline-scripts.server.ts).
  const data = /<script type="application\/json" id="framework-boot">([^<]*)<\/script>/.exec(html)?.[1]
  const hydration = Buffer.byteLength(data ?? '')
  /** @type {{ p: string[], r: [string, string][], e: string } | undefined} */
  const boot = data ? JSON.parse(data) : undefined
  // Every module the framework starts with at the first activity: its preloads, route modules and entry, and any script src.
  const scripts = new Set([
    ...[...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1] ?? ''),
    ...(boot ? [...boot.p, ...boot.r.map(([, url]) => url), boot.e] : []),
  ])
  let js = 0
  for (const src of scripts) js += (await get(new URL(src, site.url).href)).wire
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1] ?? ''), 0)
  let linkedCss = 0
  for (const m of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) linkedCss += (await get(new URL(m[1] ?? '', site.url).href)).raw
  totals.js = Math.max(totals.js, js)
  console.log(
    `${route.padEnd(29)}${kb(page.raw)}${kb(page.wire + 0).padStart(11)}${kb(hydration).padStart(11)}${String(scripts.size).padStart(10)}${kb(js).padStart(10)}${kb(inlineCss).padStart(12)}${kb(linkedCss).padStart(12)}`,
  )
}
console.log(`\nlargest first-load JavaScript (as sent): ${(totals.js / 1024).toFixed(1)} KB`)
site.stop()
