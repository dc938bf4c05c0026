// Lighthouse (mobile) with real-sized photos: the demo record, but every photo a 4032×3024 JPEG of
// about 4 MB on a local HTTPS image host (self-signed certificate made at run time), against the
// same routes with the demo's own small pictures. Prints performance, LCP, page weight, image
// bytes and any image request that left the site's origin; then the LCP element and its four phases.
//   npm run bench:photos [-- route …] [--via-caddy]   (photos are generated once into .tmp/bench-photos;
//   --via-caddy: through Debian's Caddy, TLS and HTTP/2, as a deployment serves them: serve.js)
//   LH_RUNS=1 for a quick look (default 3; the median run by performance score is printed)
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
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
import sharp from 'sharp'
import { root } from '../server/process/ensure-build.js'
import { benchPort, frontFromArgs, startCaddyFront, startSite } from './serve.js'

const { viaCaddy, rest: args } = frontFromArgs()
const routes = args.length ? args : ['/', '/services', '/gallery', '/contact', '/find-us-on']
const work = path.join(root, '.tmp/bench-photos')
const demoRecord = JSON.parse(fs.readFileSync(path.join(root, 'demo/record.json'), 'utf8'))
const demoImages = path.join(root, 'public')
/** Logos, badges and icons stay as they are; everything else is a photo a phone took. */
/** @param {string} url */
const isPhoto = (url) => !/logo|favicon|social-|dir-|payment|gmb/.test(url)

/** The bytes of every picture variant a site stored under its data folder. @param {string} dataDir */
const variantBytes = (dataDir) =>
  fs
    .readdirSync(path.join(dataDir, 'images'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /^p?\d+\.(webp|jpg|png)$/.test(entry.name))
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0)

/** @param {string[]} urls */
async function phonePhotos(urls) {
  fs.mkdirSync(work, { recursive: true })
  let noise
  for (const url of urls) {
    const file = path.join(work, `${path.basename(url, path.extname(url))}.jpg`)
    if (fs.existsSync(file)) continue
    // Texture (sensor noise) on the upscaled illustration gives a phone photo's ~4 MB.
    noise ??= await sharp({
      create: { width: 4032, height: 3024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 28 } },
    })
      .png({ compressionLevel: 1 })
      .toBuffer()
    const photo = await sharp(path.join(demoImages, url))
      .resize(4032, 3024, { fit: 'cover' })
      .composite([{ input: noise, blend: 'soft-light' }])
      .jpeg({ quality: 92 })
      .toBuffer()
    fs.writeFileSync(file, photo)
    process.stdout.write('.')
  }
}

function selfSignedCert() {
  const key = path.join(work, 'host.key')
  const cert = path.join(work, 'host.crt')
  if (!fs.existsSync(cert)) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    )
  }
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert), certFile: cert }
}

/** @param {import('node:net').Server} server @returns {Promise<number>} */
const listen = (server) =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port)),
  )

const allUrls = new Set()
JSON.stringify(demoRecord, (_k, v) => (typeof v === 'string' && v.startsWith('/demo/images/') && allUrls.add(v), v))
const photoUrls = [...allUrls].filter(isPhoto)
console.log(`generating ${photoUrls.length} phone photos (once)`)
await phonePhotos(photoUrls)

const tls = selfSignedCert()
const host = https.createServer(tls, (req, res) => {
  const name = decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname)
  const file = name.startsWith('/photos/') ? path.join(work, path.basename(name)) : path.join(demoImages, path.normalize(name))
  if (!file.startsWith(work) && !file.startsWith(demoImages)) return res.writeHead(404).end()
  fs.readFile(file, (error, body) =>
    error
      ? res.writeHead(404).end()
      : res.writeHead(200, { 'Content-Type': name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp' }).end(body),
  )
})
const hostOrigin = `https://localhost:${await listen(host)}`
const photoSize = photoUrls.map((u) => fs.statSync(path.join(work, `${path.basename(u, path.extname(u))}.jpg`)).size)
console.log(
  `\nimage host ${hostOrigin}: ${photoUrls.length} photos, ${(photoSize.reduce((a, b) => a + b, 0) / photoSize.length / 1e6).toFixed(1)} MB each on average`,
)

const photoRecord = JSON.parse(
  JSON.stringify(demoRecord, (_k, v) =>
    typeof v === 'string' && allUrls.has(v)
      ? isPhoto(v)
        ? `${hostOrigin}/photos/${path.basename(v, path.extname(v))}.jpg`
        : `${hostOrigin}${v}`
      : v,
  ),
)
const provider = http.createServer((_req, res) =>
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(photoRecord)),
)
const providerUrl = `http://127.0.0.1:${await listen(provider)}/api`

const chrome = await launchChromium(viaCaddy)
/** @type {{ label: string, route: string, performance: number, lcp: number, weight: number, imageBytes: number, imageCount: number, offOrigin: number, eachRun: string[], phases: ReturnType<typeof medianLcpRun> }[]} */
const results = []
const runs = Number(process.env.LH_RUNS ?? 3)
for (const { label, env, port } of [
  { label: 'demo pictures', env: {}, port: benchPort(3905) },
  {
    label: '4 MB phone photos',
    env: { PAGE_API_URL: providerUrl, OUTBOUND_ALLOW_ORIGINS: hostOrigin, NODE_EXTRA_CA_CERTS: tls.certFile },
    port: benchPort(3905) + 1,
  },
]) {
  // Photos are encoded in the background; measure once every one is ready (as a visitor a minute later would).
  const started = Date.now()
  const site = await startSite(port, { env })
  const front = viaCaddy ? await startCaddyFront(site.url) : undefined
  const pages = (front ?? site).url
  const encoded = site.images
  console.log(
    `${label}: ${encoded.ready} images ready ${((Date.now() - started) / 1000).toFixed(1)} s after start-up began (${encoded.failed} failed, ${(variantBytes(site.dataDir) / 1e6).toFixed(1)} MB of variants)`,
  )
  for (const route of routes) {
    const { all, median: lhr } = await lighthouseRuns(pages + route, {
      port: chrome.port,
      runs,
      onlyCategories: ['performance'],
      label: `${label} ${route}`,
    })
    const eachRun = all.map(
      (r) => `${Math.round(performanceOf(r) * 100)}/${(numericValue(r, 'largest-contentful-paint') / 1000).toFixed(2)}`,
    )
    const images = tableRows(lhr, 'network-requests').filter((r) => r.resourceType === 'Image')
    const offOrigin = images.filter((r) => !r.url.startsWith(pages) && !r.url.startsWith('data:')).length
    results.push({
      label,
      route,
      performance: Math.round(performanceOf(lhr) * 100),
      lcp: numericValue(lhr, 'largest-contentful-paint'),
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
host.close()
provider.close()

console.log('\nLighthouse 12 mobile (simulated slow 4G, 4x CPU); shared 2-core machine, so expect a few points of noise')
console.log(`median of ${runs} runs per cell (by performance score)`)
console.log('pictures             route          perf   LCP s   page KB   images KB (n)   off-origin images   each run (perf/LCP s)')
for (const r of results) {
  console.log(
    `${r.label.padEnd(21)}${r.route.padEnd(15)}${String(r.performance).padStart(4)}${(r.lcp / 1000).toFixed(2).padStart(8)}${(r.weight / 1024).toFixed(0).padStart(10)}` +
      `${`${(r.imageBytes / 1024).toFixed(0)} (${r.imageCount})`.padStart(16)}${String(r.offOrigin).padStart(20)}   ${r.eachRun.join(', ')}`,
  )
}
console.log(`\nLCP and its phases (ms), the run of median LCP\npictures             route          ${LCP_HEADER}`)
for (const r of results) console.log(lcpReport(`${r.label.padEnd(21)}${r.route.padEnd(15)}`, r.phases))
