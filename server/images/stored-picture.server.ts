import fs from 'node:fs/promises'
import path from 'node:path'
import { parseLocalImage, variantWidths } from '#app/ui/image-variants.ts'
import type { ImageStore } from './image-store.server.ts'

/**
 * A ready record picture's bytes, read from the image store and never fetched (the report pages, the
 * report email and the console embed pictures as data: a self-contained page makes no request): the
 * variant `pickWidth` chooses among the picture's widths, as WebP or as its JPEG/PNG fallback.
 * Undefined while the picture has no variants on this site's pages.
 */
export async function storedPicture(
  images: ImageStore,
  site: string,
  url: string,
  { pickWidth, format }: { pickWidth: (widths: number[]) => number; format: 'webp' | 'fallback' },
): Promise<Buffer | undefined> {
  const image = parseLocalImage(images.localSrc(site, url) ?? '')
  if (!image) return undefined
  const name = `${pickWidth(variantWidths(image.width))}.${format === 'webp' ? 'webp' : image.fallback}`
  const file = await images.variantFile(image.hash, name).catch(() => undefined)
  // A Buffer: this origin's disk could not keep it, and the fleet's database gave the bytes.
  if (file === undefined || Buffer.isBuffer(file)) return file
  return fs.readFile(path.join(images.root, file)).catch(() => undefined)
}
