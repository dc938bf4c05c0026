// What a picture seen through a veil loses when a smaller file is chosen for it (issue 46, decision 232): the home
// page's hero on Lighthouse's phone, from the site's own portrait-crop variants of a 4 MB phone photo (phone-photos.js),
// each drawn at the hero's size and put behind each veil, against the widest variant drawn the same way. Prints, per
// variant: its bytes and the error a visitor would see (mean, 99th and 99.9th percentile of |difference|, 0–255).
//   node bench/veil-error.js
import fs from 'node:fs'
import sharp from 'sharp'
import { root } from '../server/process/ensure-build.js'
import { phonePhotoRecord } from './phone-photos.js'
import { benchPort, startSite } from './serve.js'

// The hero on Lighthouse's phone (412 × 823 CSS px at 1.75×), 42rem tall: its 2:3 crop is drawn 784 × 1176 device px.
const DRAWN = { width: 784, height: 1176 }
const demoOverlay = JSON.parse(fs.readFileSync(`${root}/demo/record.json`, 'utf8')).styles.overlayColor
/** @type {Record<string, [number, number, number, number]>} r, g, b, alpha */
const veils = {
  none: [0, 0, 0, 0],
  'least overlay': [0, 0, 0, 0.5], // the theme makes the overlay at least half opaque (theme.test.ts)
  'demo overlay': /** @type {[number, number, number, number]} */ (demoOverlay.match(/[\d.]+/g).map(Number)),
  backdrop: [0, 0, 0, 0.85],
}

const photos = await phonePhotoRecord()
const site = await startSite(benchPort(3907), { record: photos.record, env: photos.env })
try {
  const html = await (await fetch(`${site.url}/`)).text()
  // The hero's crop: the page's first <source> with a media query (only a portrait crop has one).
  const srcSet = /<source type="image\/webp" media="[^"]*" srcSet="([^"]+)"/.exec(html)?.[1]
  if (!srcSet) throw new Error('no portrait crop on the home page: were the photos encoded?')
  const candidates = srcSet.split(', ').map((c) => ({ url: c.split(' ')[0] ?? '', width: parseInt(c.split(' ')[1] ?? '0', 10) }))
  const drawn = async (/** @type {Buffer} */ file) =>
    sharp(file).resize(DRAWN.width, DRAWN.height, { fit: 'cover' }).removeAlpha().raw().toBuffer()
  const files = await Promise.all(candidates.map(async (c) => Buffer.from(await (await fetch(site.url + c.url)).arrayBuffer())))
  const truth = await drawn(/** @type {Buffer} */ (files.at(-1)))
  /** @param {Buffer} pixels @param {[number, number, number, number]} veil */
  const behind = (pixels, [r, g, b, a]) => {
    const colour = [r, g, b]
    return Float64Array.from(pixels, (v, i) => v * (1 - a) + (colour[i % 3] ?? 0) * a)
  }
  /** @param {Float64Array} x @param {Float64Array} y */
  const error = (x, y) => {
    const d = Uint8Array.from(x, (v, i) => Math.abs(Math.round(v) - Math.round(y[i] ?? 0))).sort()
    const at = (/** @type {number} */ q) => d[Math.floor(d.length * q)]
    return `${(d.reduce((s, v) => s + v, 0) / d.length).toFixed(2)} ${at(0.99)} ${at(0.999)}`.padStart(14)
  }
  // The widest variant behind each veil, once: every row is measured against it.
  const truthBehind = Object.values(veils).map((veil) => behind(truth, veil))
  console.log(
    `\nthe hero drawn ${DRAWN.width} × ${DRAWN.height} device px; error against ${candidates.at(-1)?.url.split('/').pop()}: mean p99 p99.9`,
  )
  console.log(
    `file        KB${Object.keys(veils)
      .map((v) => v.padStart(16))
      .join('')}`,
  )
  for (const [i, c] of candidates.entries()) {
    const file = /** @type {Buffer} */ (files[i])
    const shown = await drawn(file)
    const row = Object.values(veils).map((veil, v) => `  ${error(behind(shown, veil), /** @type {Float64Array} */ (truthBehind[v]))}`)
    console.log(`p${String(c.width).padEnd(6)}${(file.length / 1024).toFixed(1).padStart(7)}${row.join('')}`)
  }
} finally {
  await site.stop()
  photos.close()
}
