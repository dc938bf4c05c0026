// The demo record with every photo a phone's: a 4032×3024 JPEG of about 4 MB, served from a local HTTPS
// image host (self-signed certificate made at run time). Shared by the benches
// that measure what real-sized photos cost (photos.js) and look like (veil-error.js).
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { root } from '../server/process/ensure-build.js'
import { startHttpsHost } from './https-host.js'

/** Where the photos are generated, once, and kept between runs. */
export const photoFolder = path.join(root, '.tmp/bench-photos')
const demoImages = path.join(root, 'public')
/** Logos, badges and icons stay as they are; everything else is a photo a phone took. */
/** @param {string} url */
const isPhoto = (url) => !/logo|favicon|social-|dir-|payment|gmb/.test(url)
/** @param {string} url the demo's picture */
const photoFile = (url) => path.join(photoFolder, `${path.basename(url, path.extname(url))}.jpg`)

/** @param {string[]} urls */
async function generatePhotos(urls) {
  fs.mkdirSync(photoFolder, { recursive: true })
  let noise
  for (const url of urls) {
    const file = photoFile(url)
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

/**
 * Generates the photos (the first time) and starts the image host. `record` and `env` are what a site needs
 * (serve.js `startSite(port, { record, env })`: the record, and leave to fetch from that host and trust it);
 * `close` stops the host.
 */
export async function phonePhotoRecord() {
  const demoRecord = JSON.parse(fs.readFileSync(path.join(root, 'demo/record.json'), 'utf8'))
  /** @type {Set<string>} */
  const allUrls = new Set()
  JSON.stringify(demoRecord, (_k, v) => (typeof v === 'string' && v.startsWith('/demo/images/') && allUrls.add(v), v))
  const photoUrls = [...allUrls].filter(isPhoto)
  console.log(`generating ${photoUrls.length} phone photos (once)`)
  await generatePhotos(photoUrls)

  const host = await startHttpsHost(photoFolder, ['DNS:localhost', 'IP:127.0.0.1'], (req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname)
    const file = name.startsWith('/photos/') ? path.join(photoFolder, path.basename(name)) : path.join(demoImages, path.normalize(name))
    if (!file.startsWith(photoFolder) && !file.startsWith(demoImages)) return res.writeHead(404).end()
    fs.readFile(file, (error, body) =>
      error
        ? res.writeHead(404).end()
        : res.writeHead(200, { 'Content-Type': name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp' }).end(body),
    )
  })
  const hostOrigin = `https://localhost:${host.port}`
  const photoSize = photoUrls.map((u) => fs.statSync(photoFile(u)).size)
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
  return {
    record: photoRecord,
    env: { OUTBOUND_ALLOW_ORIGINS: hostOrigin, NODE_EXTRA_CA_CERTS: host.certFile },
    close: () => host.server.close(),
  }
}
