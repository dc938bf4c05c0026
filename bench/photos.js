// Lighthouse (mobile) with real-sized photos: the demo record, but every photo a 4032×3024 JPEG of
// about 4 MB on a local HTTPS image host (self-signed certificate made at run time), against the
// same routes with the demo's own small pictures. Prints performance, LCP, page weight, image
// bytes and any image request that left the site's origin; then the LCP element and its four phases.
//   npm run bench:photos [-- route …] [--via-caddy]   (photos are generated once into .tmp/bench-photos;
//   --via-caddy: through Debian's Caddy, TLS and HTTP/2, as a deployment serves them: serve.js)
//   LH_RUNS=1 for a quick look (default 3; the run of median performance score is printed, its LCP the median LCP)
import fs from 'node:fs'
import path from 'node:path'
import {
  LCP_HEADER,
  launchChromium,
  lcpReport,
  lighthouseRuns,
  medianLcpRun,
  numericValue,
  performanceOf,
  tableRows,
} from './lighthouse-runs.js'
import { phonePhotoRecord } from './phone-photos.js'
import { benchPort, frontFromArgs, startCaddyFront, startSite } from './serve.js'

const { viaCaddy, rest: args } = frontFromArgs()
const routes = args.length ? args : ['/', '/services', '/gallery', '/contact', '/find-us-on']
/** The bytes of every picture variant a site stored under its data folder. @param {string} dataDir */
const variantBytes = (dataDir) =>
  fs
    .readdirSync(path.join(dataDir, 'images'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /^p?\d+\.(webp|jpg|png)$/.test(entry.name))
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0)

const photos = await phonePhotoRecord()

const chrome = await launchChromium(viaCaddy)
/** @type {{ label: string, route: string, performance: number, weight: number, imageBytes: number, imageCount: number, offOrigin: number, eachRun: string[], phases: ReturnType<typeof medianLcpRun> }[]} */
const results = []
const runs = Number(process.env.LH_RUNS ?? 3)
for (const { label, record, env, port } of [
  { label: 'demo pictures', record: undefined, env: {}, port: benchPort(3905) },
  { label: '4 MB phone photos', record: photos.record, env: photos.env, port: benchPort(3905) + 1 },
]) {
  // Photos are encoded in the background; measure once every one is ready (as a visitor a minute later would).
  const started = Date.now()
  const site = await startSite(port, { record, env })
  const front = viaCaddy ? await startCaddyFront(site.url) : undefined
  const pages = (front ?? site).url
  const encoded = site.images
  console.log(
    `${label}: ${encoded.ready} images ready ${((Date.now() - started) / 1000).toFixed(1)} s after start-up began (${encoded.failed} failed, ${(variantBytes(site.dataDir) / 1e6).toFixed(1)} MB of variants)`,
  )
  const runsOf = await lighthouseRuns(
    routes.map((route) => pages + route),
    { port: chrome.port, runs, onlyCategories: ['performance'], label: (url) => `${label} ${url.slice(pages.length)}` },
  )
  for (const { url, all, median: lhr } of runsOf) {
    const route = url.slice(pages.length)
    const eachRun = all.map(
      (r) => `${Math.round(performanceOf(r) * 100)}/${(numericValue(r, 'largest-contentful-paint') / 1000).toFixed(2)}`,
    )
    const images = tableRows(lhr, 'network-requests').filter((r) => r.resourceType === 'Image')
    const offOrigin = images.filter((r) => !r.url.startsWith(pages) && !r.url.startsWith('data:')).length
    results.push({
      label,
      route,
      performance: Math.round(performanceOf(lhr) * 100),
      weight: numericValue(lhr, 'total-byte-weight'),
      imageBytes: images.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      imageCount: images.length,
      offOrigin,
      eachRun,
      phases: medianLcpRun(all),
    })
  }
  await front?.stop()
  site.stop()
}
await chrome.kill()
photos.close()

console.log('\nLighthouse 12 mobile (simulated slow 4G, 4x CPU); shared 2-core machine, so expect a few points of noise')
console.log(`median of ${runs} runs per cell: LCP the median LCP (issue 46's measure), the rest from the run of median performance score`)
console.log('pictures             route          perf   LCP s   page KB   images KB (n)   off-origin images   each run (perf/LCP s)')
for (const r of results) {
  console.log(
    `${r.label.padEnd(21)}${r.route.padEnd(15)}${String(r.performance).padStart(4)}${(r.phases.lcp / 1000).toFixed(2).padStart(8)}${(r.weight / 1024).toFixed(0).padStart(10)}` +
      `${`${(r.imageBytes / 1024).toFixed(0)} (${r.imageCount})`.padStart(16)}${String(r.offOrigin).padStart(20)}   ${r.eachRun.join(', ')}`,
  )
}
console.log(`\nLCP and its phases (ms), the run of median LCP\npictures             route          ${LCP_HEADER}`)
for (const r of results) console.log(lcpReport(`${r.label.padEnd(21)}${r.route.padEnd(15)}`, r.phases))
