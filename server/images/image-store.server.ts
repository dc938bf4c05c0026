import type { LocalImage } from '#app/ui/image-variants.ts'

/**
 * What pages, routes and operators need from the record images' store, whatever keeps the variants:
 * the disk (one origin, disk-image-store.server.ts) or PostgreSQL shared by the fleet
 * (fleet-image-store.server.ts). Another backend (an object store) implements this and nothing else changes.
 */

export type ImageCounts = { ready: number; pending: number; failed: number }
export type ImageOutcome = { status: 'ready' | 'failed' | 'pending'; detail: string }

export type ImageStoreStatus = ImageCounts & {
  /** Where the variants live: this origin's disk, or the fleet's database (with this origin's disk as a cache). */
  store: 'disk' | 'fleet'
  /** Bytes this origin's disk holds: the variants (disk) or the read-through cache (fleet). */
  diskBytes: number
  /** Photos this origin downloaded and encoded since it started (the fleet's others did the rest). */
  downloadsHere: number
  encodesHere: number
  /** Photos refused for want of room (IMAGE_DISK_MB, or IMAGE_DATABASE_MB for the fleet): the bound is reached. */
  full: number
  /** The fleet store only: whether its database answered the last time it was asked. */
  database?: 'reachable' | 'unreachable'
  /** The fleet store only: the variant bytes the database holds, and its bound (IMAGE_DATABASE_MB). */
  databaseBytes?: number
  databaseLimitBytes?: number
}

export interface ImageStore {
  /**
   * A site says which image URLs its record needs now (null: it has no record yet), and hears when the pictures its
   * pages show changed (site-pictures.server.ts); answers how to unregister. A `dormant` site (not held in memory
   * now) keeps its pictures (nothing it needs is deleted) without their manifest in memory: nothing is published for it.
   */
  register(site: string, urls: () => string[] | null, onPublished?: () => void, options?: { dormant?: boolean }): () => void
  /** Starts the work the registered sites need (images not ready; failed ones again once their retry is due). */
  sync(): void
  /** The local URL a site's pages show for a record image: its variants once published, else undefined (the placeholder). */
  localSrc(site: string, url: string): string | undefined
  /** What became of one record image (the record report). */
  outcome(url: string): ImageOutcome
  /**
   * The file holding a variant (`hash`, file name like `800.webp`) on this origin's disk, relative to `root`,
   * fetched there first if need be; its bytes when this origin's disk cannot take them (full, read-only);
   * undefined when no such variant exists.
   */
  variantFile(hash: string, file: string): Promise<string | Buffer | undefined>
  /** The folder `variantFile` answers are relative to. */
  readonly root: string
  /** Changes whenever the pictures a site's pages show change: its pages rendered before are stale. */
  generation(site: string): number
  /** Resolves once the registered images are settled (ready or failed), as far as this store can tell. */
  idle(): Promise<void>
  /** One site's images (its /healthz). */
  siteStatus(site: string): ImageCounts
  /** The whole store (the operator's view). */
  status(): ImageStoreStatus
  /** A clean stop: nothing new starts; what is finished is kept. */
  close(): Promise<void>
}

/** A variant's file name as our URLs spell it: `{width}.{format}`, or `p{width}.webp` for the portrait crop's. */
export const isVariantFileName = (file: string) => /^(\d{1,5}\.(webp|jpg|png)|p\d{1,5}\.webp)$/.test(file)

/** A failed image waits `retryMs`, doubling with each failure (`attempts` so far, from 1), up to `maxRetryMs`. */
export const retryDelayMs = (attempts: number, retryMs: number, maxRetryMs: number) => Math.min(maxRetryMs, retryMs * 2 ** (attempts - 1))

/** What became of one record image: its variants' size when ready, why it failed, or still waiting. */
export const imageOutcome = (ready: LocalImage | undefined, failure: string | undefined): ImageOutcome =>
  ready
    ? { status: 'ready', detail: `${ready.width}×${ready.height}, sizes made` }
    : failure
      ? { status: 'failed', detail: failure }
      : { status: 'pending', detail: 'not fetched yet' }

/** One site's images by outcome (its /healthz), each URL once. */
export function countOutcomes(urls: Iterable<string>, outcome: (url: string) => ImageOutcome): ImageCounts {
  const counts = { ready: 0, pending: 0, failed: 0 }
  for (const url of new Set(urls)) counts[outcome(url).status]++
  return counts
}
