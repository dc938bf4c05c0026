#!/usr/bin/env node
/**
 * Draws the demo's images as flat SVG illustrations and rasterises them with sharp.
 * Nothing is fetched: every picture is built here from shapes, with a seeded random
 * generator so a run always produces the same files.
 *
 *   node demo/generate-images.mjs          → public/demo/images/*, public/favicon.ico
 *   node demo/generate-images.mjs deck     → only the scenes whose name contains "deck"
 *   DEBUG_PNG=1 node demo/generate-images.mjs → also writes /tmp/demo-<scene>.png previews
 *
 * Scenes use a tiny pinhole camera (metres in, pixels out) so fences, decks, patios
 * and driveways sit in believable perspective on a ground plane.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { BADGES, GLYPH, badgeSvg, brandStripSvg, faviconSvg, gmbSvg, logoSvg, paymentStripSvg } from './art/brand.mjs'
import { SCENES, Scene } from './art/scene.mjs'
import { H, W } from './art/svg.mjs'
// Each draws its scenes into SCENES as it loads: project photos first, then stock yards (the files' order).
import './art/projects.mjs'
import './art/yards.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUT = path.join(root, 'public/demo/images')
const QUALITY = 72

/** ICO file holding one PNG image (PNG-in-ICO is valid since Windows Vista and in every browser). */
function icoFromPng(png, size) {
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(1, 4)
  header.writeUInt8(size >= 256 ? 0 : size, 6)
  header.writeUInt8(size >= 256 ? 0 : size, 7)
  header.writeUInt8(0, 8)
  header.writeUInt8(0, 9)
  header.writeUInt16LE(1, 10)
  header.writeUInt16LE(32, 12)
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18)
  return Buffer.concat([header, png])
}

async function writeSmall() {
  // Every demo .webp gets a half-width "-600" sibling: the site's srcset rule expects one beside each picture.
  // `scale`: drawn at that many pixels per unit of the drawing, so a picture fills its place on a 2x screen
  // (a picture with fewer pixels is drawn smaller there: app/ui/picture-density.ts).
  const webp = async (svg, file, q = 85, scale = 1) => {
    const img = sharp(Buffer.from(svg), { density: 72 * scale })
    const { width, height } = await img.metadata()
    await img.clone().webp({ quality: q, alphaQuality: 90, effort: 6 }).toFile(path.join(OUT, file))
    await img
      .clone()
      .resize(Math.round(width / 2), Math.round(height / 2))
      .webp({ quality: q, alphaQuality: 90, effort: 6 })
      .toFile(path.join(OUT, file.replace(/\.webp$/, '-600.webp')))
  }
  await webp(logoSvg(), 'logo.webp', 90)
  await sharp(Buffer.from(faviconSvg(64)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, 'favicon.png'))
  const png32 = await sharp(Buffer.from(faviconSvg(32)))
    .png({ compressionLevel: 9 })
    .toBuffer()
  await writeFile(path.join(root, 'public/favicon.ico'), icoFromPng(png32, 32))
  for (const [file, [label, color, glyph]] of Object.entries(BADGES)) await webp(badgeSvg(label, color, glyph), `${file}.webp`, 85, 2)
  await webp(brandStripSvg(), 'brand-logos.webp', 85, 2)
  await webp(paymentStripSvg(), 'payment-methods.webp')
  await webp(gmbSvg(), 'gmb.webp', 85, 2)
  if (process.env.DEBUG_PNG) {
    const dbg = {
      logo: logoSvg(),
      favicon: faviconSvg(64),
      brands: brandStripSvg(),
      pay: paymentStripSvg(),
      gmb: gmbSvg(),
      badge: badgeSvg('HomeAdvisor', '#e0701e', GLYPH.check),
      badge2: badgeSvg('Instagram', '#b1346b', GLYPH.camera),
    }
    for (const [k, v] of Object.entries(dbg))
      await sharp(Buffer.from(v)).flatten({ background: '#eeeeee' }).png().toFile(`/tmp/small-${k}.png`)
  }
}

// ───────────────────────── output ─────────────────────────
async function writeWebp(svg, file, width, height, q = QUALITY) {
  await sharp(Buffer.from(svg)).resize(width, height).webp({ quality: q, effort: 6 }).toFile(path.join(OUT, file))
}

async function main() {
  await mkdir(OUT, { recursive: true })
  const only = process.argv[2]
  if (!only || only === 'small') await writeSmall()
  for (const [name, def] of Object.entries(SCENES)) {
    if (only && !name.includes(only)) continue
    const sc = new Scene(def.seed)
    def.draw(sc, def.opts)
    const svg = sc.toSVG()
    await writeWebp(svg, `${name}.webp`, W, H)
    await writeWebp(svg, `${name}-600.webp`, 600, 400)
    if (process.env.DEBUG_PNG) await sharp(Buffer.from(svg)).resize(600, 400).png().toFile(`/tmp/demo-${name}.png`)
  }
  const files = await readdir(OUT)
  let total = 0
  for (const f of files) total += (await stat(path.join(OUT, f))).size
  console.log(`${files.length} files in public/demo/images, ${(total / 1024).toFixed(0)} KiB`)
}
await main()
