import fs from 'node:fs/promises'
import path from 'node:path'
import type { OutboundClient } from '../outbound/outbound-client.server.ts'

export type FetchLimits = {
  /** Give up on one image after this long (connect, headers and body together). */
  timeoutMs: number
  maxBytes: number
  /** Where root-relative record URLs (the embedded demo's pictures) are read from. */
  publicDir: string
}

const MAX_REDIRECTS = 3

/** A readable reason an image was not fetched; the record's other images carry on. */
export class ImageRefused extends Error {}

/** Phone photos are ~4 MB; anything past this is not a photo we want to fetch. */
export const IMAGE_MAX_BYTES = 30 * 1024 * 1024

/**
 * Fetches one record image's bytes: remote ones through the outbound client (public addresses or
 * the operator's origins only, every redirect hop checked, the body cut off at maxBytes), root-relative
 * ones from the public folder.
 */
export function createImageFetcher(outbound: OutboundClient, limits: FetchLimits) {
  async function readLocal(pathname: string): Promise<Buffer> {
    const file = path.resolve(limits.publicDir, `.${decodeURIComponent(pathname)}`)
    if (!file.startsWith(path.resolve(limits.publicDir) + path.sep)) throw new ImageRefused('outside the public folder')
    const { size } = await fs.stat(file).catch(() => ({ size: -1 }))
    if (size < 0) throw new ImageRefused('no such file')
    if (size > limits.maxBytes) throw new ImageRefused(`larger than ${limits.maxBytes} bytes`)
    return fs.readFile(file)
  }

  return async function fetchImage(source: string): Promise<Buffer> {
    if (source.startsWith('/') && !source.startsWith('//')) return readLocal(new URL(source, 'http://local').pathname)
    let answer
    try {
      const request = { headers: { Accept: 'image/*' }, timeoutMs: limits.timeoutMs, maxBytes: limits.maxBytes, redirects: MAX_REDIRECTS }
      answer = await outbound.request(source, request)
    } catch (error) {
      throw new ImageRefused(error instanceof Error ? error.message : String(error))
    }
    if (answer.status !== 200) throw new ImageRefused(`HTTP ${answer.status}`)
    return answer.body
  }
}
