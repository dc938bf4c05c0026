import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { LocalImage } from '#app/ui/image-variants.ts'
import { encodeVariants, readVariantFolder } from './encode-image.server.ts'
import { createFairQueue } from './fair-queue.server.ts'
import { urlForLog } from '../observability/log-safe.server.ts'
import { logFor } from '../observability/log.js'
import { writeFileDurably, writeFolderDurably } from '../storage/durable-files.server.ts'
import { countOutcomes, imageOutcome, isVariantFileName, retryDelayMs, type ImageOutcome, type ImageStore } from './image-store.server.ts'
import { createSitePictures } from './site-pictures.server.ts'

type Logger = Pick<Console, 'info' | 'warn'>
export type DiskImageStoreOptions = {
  dataDir: string
  fetchImage: (url: string) => Promise<Buffer>
  /** Stop encoding new images once the variants on disk take this much. */
  maxDiskBytes: number
  /** A failed image is tried again after this long (the host may be back), then twice as long each time… */
  retryMs?: number
  /** …up to this. */
  maxRetryMs?: number
  concurrency?: number
  logger?: Logger
  now?: () => number
}
/** The manifest is written after this many new images, when the queue empties and on close: not after each one. */
const SAVE_EVERY = 20
/** What the manifest keeps per variant folder: its size, and the bytes its files take. */
type Variants = Omit<LocalImage, 'hash'> & { bytes: number }
type Manifest = { sources: Record<string, string>; variants: Record<string, Variants> }

/**
 * Record images, fetched once in the background and kept on disk as content-addressed
 * variants (DATA_DIR/images/{sha256}/{width}.{format}), with a manifest so a restart (or an
 * image-host outage) keeps serving the last good record's pictures. Several record sources
 * can share one store: each registers the URLs it currently needs; nothing else is fetched,
 * and variants no registered source needs are deleted.
 */
export function createDiskImageStore(options: DiskImageStoreOptions): ImageStore {
  const { dataDir, fetchImage, maxDiskBytes, retryMs = 5 * 60_000, maxRetryMs = 24 * 3600_000, concurrency = 1 } = options
  const { logger = logFor('images'), now = Date.now } = options
  const root = path.resolve(dataDir, 'images')
  const manifestFile = path.join(root, 'manifest.json')
  /** Variant folders on disk the manifest does not list (hash → bytes): kept until every picture needed is ready, as they may be theirs. */
  const unlisted = new Map<string, number>()
  const manifest = loadManifest()
  const full = `the image folder is full (${Math.round(maxDiskBytes / 1e6)} MB)`
  /** The manifest's latest write (writes run one after another). */
  let saving = Promise.resolve()
  let saveProblem: string | null = null
  const failures = new Map<string, { at: number; attempts: number; reason: string }>()
  const queue = createFairQueue<string>()
  const running = new Set<string>()
  const idleWaiters: (() => void)[] = []
  let unsaved = 0
  let closed = false
  let downloadsHere = 0
  let encodesHere = 0

  /**
   * The manifest as last saved, and the folders it does not list. An unreadable one (torn by a crash
   * of a system without fsync, cut short, edited by hand) is said so and read as empty; its folders stay.
   */
  function loadManifest(): Manifest {
    let saved: Manifest = { sources: {}, variants: {} }
    try {
      const parsed = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Partial<Manifest> | null
      if (typeof parsed?.sources !== 'object' || typeof parsed.variants !== 'object' || !parsed.sources || !parsed.variants)
        throw new Error('not a manifest')
      saved = parsed as Manifest
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        logger.warn(
          `[images] ${manifestFile} is unreadable (${error instanceof Error ? error.message : error}): its variant folders are kept, and taken back as their pictures are downloaded again`,
          { event: 'images.manifest-unreadable' },
        )
    }
    // The disk is the truth: entries whose folder is gone are dropped, folders no entry names are remembered.
    for (const hash of Object.keys(saved.variants)) if (!fs.existsSync(path.join(root, hash))) delete saved.variants[hash]
    for (const [url, hash] of Object.entries(saved.sources)) if (!saved.variants[hash]) delete saved.sources[url]
    for (const entry of fs.existsSync(root) ? fs.readdirSync(root) : []) {
      const folder = path.join(root, entry)
      if (entry === 'manifest.json' || saved.variants[entry]) continue
      if (/^[0-9a-f]{32}$/.test(entry)) unlisted.set(entry, folderBytes(folder))
      else fs.rmSync(folder, { recursive: true, force: true }) // a write that never finished
    }
    return saved
  }

  /** Writes the manifest (durably, in the background); a failure is logged once and the write tried again with the next change. */
  function saveManifest(): Promise<void> {
    unsaved = 0
    saving = writeFileDurably(manifestFile, JSON.stringify(manifest)).then(
      () => void (saveProblem = null),
      (error: unknown) => {
        unsaved++
        const problem = error instanceof Error ? error.message : String(error)
        if (problem !== saveProblem)
          logger.warn(`[images] the manifest could not be written: ${problem}`, { event: 'images.manifest-failed' })
        saveProblem = problem
      },
    )
    return saving
  }

  /** The variants ready for a URL. */
  function image(url: string): LocalImage | undefined {
    const hash = manifest.sources[url] ?? ''
    const variants = manifest.variants[hash]
    return variants && { hash, width: variants.width, height: variants.height, fallback: variants.fallback, portrait: variants.portrait }
  }
  /** What became of one record image (the record report): its variants' size, why it failed, or still waiting. */
  const outcome = (url: string): ImageOutcome => imageOutcome(image(url), failures.get(url)?.reason)
  const pictures = createSitePictures({ image, waiting: (url) => outcome(url).status === 'pending', now })

  function retryDue(url: string) {
    const failure = failures.get(url)
    return !failure || now() - failure.at >= retryDelayMs(failure.attempts, retryMs, maxRetryMs)
  }

  const diskBytes = () =>
    Object.values(manifest.variants).reduce((sum, v) => sum + v.bytes, 0) + [...unlisted.values()].reduce((a, b) => a + b, 0)

  /** The URLs some site needs, or null while a site has no record yet (then nothing may be deleted). */
  function wanted(): Set<string> | null {
    const all = new Set<string>()
    for (const [, urls] of pictures.needs()) {
      if (!urls) return null
      for (const url of urls) all.add(url)
    }
    return all
  }

  async function fetchAndEncode(url: string) {
    try {
      const bytes = await fetchImage(url)
      downloadsHere++
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
      if (!manifest.variants[hash]) {
        const folder = path.join(root, hash)
        const found = unlisted.has(hash) ? await readVariantFolder(folder) : undefined
        unlisted.delete(hash)
        if (found) manifest.variants[hash] = found
        else {
          if (diskBytes() >= maxDiskBytes) throw new Error(full)
          const encoded = await encodeVariants(bytes)
          encodesHere++
          await writeFolderDurably(folder, encoded.files)
          const bytesOnDisk = encoded.files.reduce((sum, f) => sum + f.data.length, 0)
          const { width, height, fallback, portrait } = encoded
          manifest.variants[hash] = { width, height, fallback, portrait, bytes: bytesOnDisk }
        }
      }
      manifest.sources[url] = hash
      failures.delete(url)
      if (++unsaved >= SAVE_EVERY || closed) void saveManifest()
      pictures.update()
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const previous = failures.get(url)
      failures.set(url, { at: now(), attempts: (previous?.attempts ?? 0) + 1, reason })
      // Once per reason, not once per retry.
      if (previous?.reason !== reason) logger.warn(`[images] ${urlForLog(url)}: ${reason}; showing a placeholder`)
    }
  }

  const isIdle = () => !running.size && (!queue.size || closed)

  function pump() {
    while (!closed && running.size < concurrency && queue.size) {
      const url = queue.shift()!
      running.add(url)
      // Fire and forget: fetchAndEncode records its own failures per URL and never rejects.
      void fetchAndEncode(url).finally(() => {
        running.delete(url)
        pump()
      })
    }
    if (isIdle()) {
      if (unsaved) void saveManifest()
      pictures.update()
      collectGarbage()
      const waiters = idleWaiters.splice(0)
      void saving.then(() => waiters.forEach((resolve) => resolve()))
    }
  }

  /** Drops what no source needs any more: manifest entries, then variant folders no entry names. */
  function collectGarbage() {
    const needed = wanted()
    if (!needed) return
    // Failures of URLs no record names any more are forgotten: the map stays as small as the records.
    for (const url of failures.keys()) if (!needed.has(url)) failures.delete(url)
    let changed = false
    for (const url of Object.keys(manifest.sources)) {
      if (!needed.has(url)) {
        delete manifest.sources[url]
        changed = true
      }
    }
    const used = new Set(Object.values(manifest.sources))
    for (const hash of Object.keys(manifest.variants)) {
      if (!used.has(hash)) {
        delete manifest.variants[hash]
        fs.rmSync(path.join(root, hash), { recursive: true, force: true })
        changed = true
      }
    }
    // Folders the manifest lost are kept while a needed picture is not ready: it may be theirs.
    if ([...needed].every((url) => manifest.sources[url])) {
      for (const hash of unlisted.keys()) fs.rmSync(path.join(root, hash), { recursive: true, force: true })
      unlisted.clear()
    }
    if (changed) void saveManifest()
  }

  return {
    register: pictures.register,
    /** Queues every needed image that has no variants yet (failed ones again once their retry is due), sites taking turns. */
    sync() {
      for (const [site, urls] of pictures.needs()) {
        for (const url of urls ?? []) {
          if (!manifest.sources[url] && !running.has(url) && !queue.has(url) && retryDue(url)) queue.push(site, url)
        }
      }
      pictures.update() // a site whose record changed shows what is ready of it at once
      pump()
    },
    localSrc: pictures.localSrc,
    outcome,
    /** The file behind a variant URL's hash and file name (relative to `root`), when we have it. */
    variantFile: async (hash: string, file: string) => (manifest.variants[hash] && isVariantFileName(file) ? `${hash}/${file}` : undefined),
    root,
    generation: pictures.generation,
    /** Resolves once nothing is queued or being encoded. */
    idle(): Promise<void> {
      if (isIdle()) return saving
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    /** One site's images (its /healthz): ready, waiting (queued, encoding or not yet tried) and failed. */
    siteStatus: (site: string) => countOutcomes(pictures.urlsOf(site), outcome),
    /** The whole store (the operator's view): images ready, waiting (queued or encoding) and failed, and the disk they take. */
    status() {
      return {
        store: 'disk' as const,
        ready: Object.keys(manifest.sources).length,
        pending: queue.size + running.size,
        failed: failures.size,
        diskBytes: diskBytes(),
        downloadsHere,
        encodesHere,
        full: [...failures.values()].filter((failure) => failure.reason === full).length,
      }
    },
    /** A clean stop: nothing new starts, and every finished image is in the manifest (one still encoding saves itself). */
    async close() {
      closed = true
      pictures.close()
      if (unsaved) void saveManifest()
      await saving
    },
  }
}

/** The bytes a folder's files take. */
function folderBytes(folder: string): number {
  return fs.readdirSync(folder).reduce((sum, name) => sum + fs.statSync(path.join(folder, name)).size, 0)
}
