// What one contractor's site costs in the heap (issue 43): one process with 1 site, then one with BENCH_SITES (100),
// each record the demo's; a heap snapshot of each after every site's home page was rendered once ("first page"), and
// after six pages of every site ("six pages"). The difference, divided by the extra sites, is a site's cost, split by
// what V8 holds it as; rendered pages (the page cache's HTML) apart. Production heap flags (bench/serve.js).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchPort, getAs, manySites, startSite } from './serve.js'

const SITES = Number(process.env.BENCH_SITES ?? 100)
const PAGES = ['/', '/about', '/services', '/contact', '/gallery', '/no-such-page']
const port = benchPort(3307)

/**
 * A snapshot's self sizes summed by what holds the bytes.
 * @param {string} file
 */
function weigh(file) {
  const { snapshot, nodes, strings } = JSON.parse(fs.readFileSync(file, 'utf8'))
  const fields = snapshot.meta.node_fields
  const types = snapshot.meta.node_types[0]
  const [type, name, size, width] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size'), fields.length]
  /** @type {Record<string, number>} */
  const bytes = {}
  for (let i = 0; i < nodes.length; i += width) {
    const t = types[nodes[i + type]]
    const text = strings[nodes[i + name]]
    const kind = /string/.test(t)
      ? text.startsWith('<!DOCTYPE html>')
        ? 'rendered pages (HTML strings)'
        : 'other strings'
      : t === 'native' && text.includes('ArrayBufferData')
        ? 'buffers (bodies, compressed pages)'
        : t === 'code'
          ? 'code (compiled functions, regexps)'
          : t === 'object' || t === 'closure' || t === 'array' || t === 'hidden'
            ? 'objects, arrays, closures'
            : 'other'
    bytes[kind] = (bytes[kind] ?? 0) + nodes[i + size]
  }
  return bytes
}

/** @param {number} count */
async function measure(count) {
  const { ids, apiUrl, sitesFile, close } = await manySites(count)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-heap-'))
  const site = await startSite(port, {
    env: { SITES_FILE: sitesFile, PAGE_API_URL: apiUrl, RECORD_TTL_SECONDS: '3600' },
    nodeFlags: ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`],
  })
  /** Every site's home page answers 200 once its record arrived (before, the waiting page answers 503). */
  for (const id of ids) while ((await getAs(port, `${id}.test`, '/')) !== 200) await new Promise((r) => setTimeout(r, 200))
  /** @param {string} label */
  const snapshot = async (label) => {
    const before = new Set(fs.readdirSync(dir))
    site.signal('SIGUSR2')
    for (;;) {
      const file = fs.readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f))
      // V8 writes the file in one go, then the process answers again: a page served means the file is whole.
      if (file && (await getAs(port, 'site-1.test', '/healthz')) === 200) {
        const weighed = weigh(path.join(dir, file))
        fs.rmSync(path.join(dir, file))
        console.log(`  ${count} site(s), ${label}: heap ${(Object.values(weighed).reduce((a, b) => a + b, 0) / 1e6).toFixed(1)} MB`)
        return weighed
      }
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  const first = await snapshot('first page')
  for (const id of ids) for (const page of PAGES) await getAs(port, `${id}.test`, page)
  const six = await snapshot('six pages')
  await site.stop()
  close()
  fs.rmSync(dir, { recursive: true, force: true })
  return { first, six }
}

console.log(`A site's heap: 1 site, then ${SITES}, the demo record each (shared machine: memory figures hold, times do not)`)
const one = await measure(1)
const many = await measure(SITES)
for (const moment of /** @type {const} */ (['first', 'six'])) {
  const kinds = [...new Set([...Object.keys(one[moment]), ...Object.keys(many[moment])])]
  const perSite = kinds.map((kind) => [kind, ((many[moment][kind] ?? 0) - (one[moment][kind] ?? 0)) / (SITES - 1) / 1024])
  const total = perSite.reduce((sum, [, kb]) => sum + Number(kb), 0)
  console.log(`per site, after ${moment === 'first' ? 'its first page' : 'six pages'}: ${total.toFixed(0)} KB`)
  for (const [kind, kb] of perSite.sort((a, b) => Number(b[1]) - Number(a[1])))
    console.log(`  ${Number(kb).toFixed(0).padStart(6)} KB  ${kind}`)
}
