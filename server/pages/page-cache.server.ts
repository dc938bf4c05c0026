import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { createByteLru } from '../memory/byte-lru.server.ts'

/**
 * Rendered pages, each the same bytes for every visitor of one record version, kept only
 * pre-compressed (brotli and gzip; the rare client accepting neither gets the gzip inflated).
 * Bounded by bytes, least recently used first out, shared by every site of the process.
 */
export type CachedPage = {
  status: number
  /** This page's Content-Security-Policy: it allows exactly its own inline scripts, by hash. */
  csp: string
  /** Content hash: the strong ETag of each encoding derives from it. */
  hash: string
  br: Buffer
  gzip: Buffer
}

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
// Quality 6: within a few per cent of the best size at a fraction of its time, for the first visitor's sake.
const BROTLI_QUALITY = 6

export async function compressPage(status: number, html: string, csp: string): Promise<CachedPage> {
  const body = Buffer.from(html)
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length }
  const [br, gz] = await Promise.all([brotli(body, { params }), gzip(body, { level: 9 })])
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 32)
  return { status, csp, hash, br, gzip: gz }
}

/** Key and value strings count too, roughly, so a flood of long keys is bounded as well. */
const sizeOf = (key: string, page: CachedPage) => page.br.length + page.gzip.length + page.csp.length + key.length * 2 + 256

export function createPageCache(maxBytes: number) {
  const lru = createByteLru<CachedPage>({ maxBytes, sizeOf })
  return {
    get: lru.get,
    set: lru.set,
    /** Drops every page whose key starts with `prefix` (a site whose record changed, or that is no longer held). */
    dropPrefix: lru.dropPrefix,
    /** Drops the least recently used pages until `fraction` of the bytes are left (the heap is nearly full). */
    shed: lru.shed,
    stats: () => ({ pages: lru.stats().entries, bytes: lru.stats().bytes }),
  }
}

export type PageCache = ReturnType<typeof createPageCache>
