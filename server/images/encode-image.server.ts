import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { VARIANT_WIDTHS, portraitWidth, variantWidths, type FallbackFormat } from '#app/ui/image-variants.ts'
import { ImageRefused } from './fetch-image.server.ts'
import { isVariantFileName } from './image-store.server.ts'

/**
 * Decompression bombs stop here: the largest 48 MP phone photo (8064 × 6048) passes, nothing bigger
 * (a decode takes up to ~4 bytes a pixel, ~195 MB at this size, one at a time). No side may be longer
 * than MAX_SIDE either, so a thin strip cannot pass for a photo.
 */
export const MAX_INPUT_PIXELS = 8064 * 6048
export const MAX_SIDE = 16_384
// Encoding is background work: one libvips thread leaves the other cores to the visitors' pages.
sharp.concurrency(1)
// libvips keeps the results of its recent operations (up to 50 MB by default) to reuse them: each photo is
// encoded once, so that cache only held memory (~20 MB of RSS after a record's photos, issue 38).
sharp.cache(false)
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

/** `portrait`: the width of the portrait crop's widest variant (`p{width}.webp`), when the picture has one. */
export type Encoded = {
  width: number
  height: number
  fallback: FallbackFormat
  portrait?: number
  files: { name: string; data: Buffer }[]
}

const webp = { quality: 72, effort: 2 }

/**
 * How a variant is shrunk. Lanczos (sharp's default) keeps a photo sharpest; on a transparent picture (a logo) its
 * ringing leaves a faint halo of nearly transparent pixels around every edge, which WebP stores losslessly: the demo's
 * logo at 320 px weighed 10.2 KB, twice its 400 px original. Catmull-Rom leaves a sixth of those pixels and the same
 * edges to the eye: 6.3 KB (decision 235).
 */
const kernelFor = (hasAlpha: boolean) => (hasAlpha ? sharp.kernel.cubic : sharp.kernel.lanczos3)

/**
 * What the bytes say they are, from the header alone (no pixels decoded, so a bomb is measured before
 * anything is allocated for it); refused unless a photo format we serve, within the pixel cap.
 */
export async function probeImage(source: Buffer): Promise<sharp.Metadata> {
  let meta: sharp.Metadata
  try {
    meta = await sharp(source, { limitInputPixels: false }).metadata()
  } catch {
    throw new ImageRefused('not an image')
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new ImageRefused(`not a photo format we serve (${meta.format ?? 'unknown'})`)
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new ImageRefused(`more than ${MAX_INPUT_PIXELS} pixels`)
  if (Math.max(meta.width ?? 0, meta.height ?? 0) > MAX_SIDE) throw new ImageRefused(`wider or taller than ${MAX_SIDE} px`)
  return meta
}

/** The size a picture is served at: upright (EXIF rotation applied), at most the widest variant, as encodeVariants makes it. */
export function servedSize(meta: Pick<sharp.Metadata, 'autoOrient'>): { width: number; height: number } {
  const { width, height } = meta.autoOrient
  const scale = Math.min(1, VARIANT_WIDTHS.at(-1)! / width)
  return { width: Math.round(width * scale), height: Math.round(height * scale) }
}

/**
 * Every variant of one source image: EXIF rotation applied, then all metadata (GPS, camera,
 * comments) dropped — sharp writes none unless asked. The type is what the bytes say, not
 * what the URL or the host claimed.
 */
export async function encodeVariants(source: Buffer): Promise<Encoded> {
  const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const }
  const meta = await probeImage(source)
  const kernel = kernelFor(meta.hasAlpha)

  // One decode: rotate and shrink to the largest width once, then derive each variant from those pixels.
  let master: { data: Buffer; info: sharp.OutputInfo }
  try {
    master = await sharp(source, input)
      .rotate()
      .resize({ width: VARIANT_WIDTHS.at(-1), withoutEnlargement: true, kernel })
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw new ImageRefused(`unreadable image (${error instanceof Error ? error.message : error})`)
  }
  const { width, height, channels } = master.info
  const fallback: FallbackFormat = meta.hasAlpha ? 'png' : 'jpg'
  const files: Encoded['files'] = []
  const pixels = () => sharp(master.data, { raw: { width, height, channels } })
  for (const w of variantWidths(width)) {
    const resized = () => pixels().resize({ width: w, kernel })
    files.push({ name: `${w}.webp`, data: await resized().webp(webp).toBuffer() })
    const fallbackData =
      fallback === 'png' ? resized().png({ compressionLevel: 9, palette: true }) : resized().jpeg({ quality: 75, progressive: true })
    files.push({ name: `${w}.${fallback}`, data: await fallbackData.toBuffer() })
  }
  // The centre of a landscape picture, as tall as it, for the phones that draw it in a tall box (image-variants.ts).
  const portrait = portraitWidth(width, height)
  if (portrait) {
    const left = Math.floor((width - portrait) / 2)
    for (const w of variantWidths(portrait)) {
      const crop = pixels().extract({ left, top: 0, width: portrait, height }).resize({ width: w, kernel })
      files.push({ name: `p${w}.webp`, data: await crop.webp(webp).toBuffer() })
    }
  }
  // The intrinsic size the page announces is the largest variant's (the original is never served).
  return { width, height, fallback, portrait, files }
}

/**
 * What a folder `encodeVariants` wrote holds, read back from its files (the widest fallback's header
 * gives the height): undefined unless every variant is there. A folder whose manifest entry was lost
 * (a crash before the manifest was saved, a torn manifest) is taken back this way, not encoded again.
 */
export async function readVariantFolder(folder: string): Promise<(Omit<Encoded, 'files'> & { bytes: number }) | undefined> {
  const names = (await fs.readdir(folder).catch((): string[] => [])).filter(isVariantFileName)
  const widestOf = (files: string[]) => Math.max(0, ...files.map((name) => parseInt(name.replace(/^p/, ''), 10)))
  const widest = widestOf(names.filter((name) => !name.startsWith('p')))
  const portrait = widestOf(names.filter((name) => name.startsWith('p'))) || undefined
  const fallback: FallbackFormat = names.includes(`${widest}.png`) ? 'png' : 'jpg'
  const files = [
    ...variantWidths(widest).flatMap((w) => [`${w}.webp`, `${w}.${fallback}`]),
    ...(portrait ? variantWidths(portrait).map((w) => `p${w}.webp`) : []),
  ]
  if (!widest || !files.every((name) => names.includes(name))) return undefined
  try {
    const { height } = await sharp(path.join(folder, `${widest}.${fallback}`)).metadata()
    const sizes = await Promise.all(files.map((name) => fs.stat(path.join(folder, name)).then((stat) => stat.size)))
    return { width: widest, height, fallback, portrait, bytes: sizes.reduce((sum, size) => sum + size, 0) }
  } catch {
    return undefined // a file cut short: the photo is encoded again
  }
}
