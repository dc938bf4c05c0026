import { localImageSrc, type LocalImage } from '#app/ui/image-variants.ts'

/** While a site's photos are being made, its pages change at most this often (each change re-renders them). */
export const PUBLISH_EVERY_MS = 3_000

type Site = {
  urls: () => string[] | null
  onPublished?: () => void
  /** A site not held in memory now (server/held-site.server.ts): its URLs are kept, nothing is published for it. */
  dormant: boolean
  /** What the site's pages show: its record's image URLs (joined), the variants ready among them, and since when. */
  shown?: { key: string; images: Map<string, LocalImage>; generation: number; at: number }
}

/**
 * The sites an image store serves (each registers the URLs its record needs) and what each site's pages show of
 * the store's pictures. A site's pictures are published (its generation moves, `onPublished` drops its cached pages)
 * when the variants ready among its URLs differ from what its pages show: at once when its record changed or none of
 * its photos is still waiting, otherwise at most every PUBLISH_EVERY_MS. A site filling its photos re-renders every
 * few seconds rather than after each one, and a photo of one site never re-renders another.
 */
export function createSitePictures({
  image,
  waiting,
  now,
}: {
  /** The variants the store has ready for a URL. */
  image: (url: string) => LocalImage | undefined
  /** Whether a URL's photo is still to be made (not ready, not failed). */
  waiting: (url: string) => boolean
  /** This process's clock, for the pacing only. */
  now: () => number
}) {
  const sites = new Map<string, Site>()
  let timer: NodeJS.Timeout | undefined

  const same = (a: Map<string, LocalImage>, b: Map<string, LocalImage>) =>
    a.size === b.size && [...a].every(([url, image]) => b.get(url)?.hash === image.hash)

  /** Publishes every site whose pictures changed and whose turn it is; the others are looked at again when it is. */
  function update() {
    clearTimeout(timer)
    timer = undefined
    const t = now()
    let nextAt = Infinity
    for (const site of sites.values()) {
      if (site.dormant) continue
      const urls = site.urls() ?? []
      const key = urls.join('\n')
      const images = new Map<string, LocalImage>()
      for (const url of urls) {
        const found = image(url)
        if (found) images.set(url, found)
      }
      const { shown } = site
      if (shown?.key === key && same(shown.images, images)) continue
      if (shown?.key === key && t - shown.at < PUBLISH_EVERY_MS && urls.some(waiting)) {
        nextAt = Math.min(nextAt, shown.at + PUBLISH_EVERY_MS)
        continue
      }
      site.shown = { key, images, generation: (shown?.generation ?? 0) + 1, at: t }
      site.onPublished?.()
    }
    if (nextAt < Infinity) {
      timer = setTimeout(update, Math.max(0, nextAt - t))
      timer.unref()
    }
  }

  return {
    /**
     * A site says which image URLs its record needs now (null: it has no record yet); answers how to unregister. A
     * `dormant` site's URLs are still needed (nothing they name is deleted), but no picture is published for it.
     */
    register(id: string, urls: () => string[] | null, onPublished?: () => void, { dormant = false } = {}) {
      const site: Site = { urls, onPublished, dormant }
      sites.set(id, site)
      // A site rebuilt under the same id registers again before the old one leaves: only its own entry goes.
      return () => void (sites.get(id) === site && sites.delete(id))
    },
    /** Every registered site with the URLs it needs (null: no record yet). */
    *needs(): Generator<[site: string, urls: string[] | null]> {
      for (const [id, site] of sites) yield [id, site.urls()]
    },
    /** The URLs one site needs now (none when it has no record or is not registered). */
    urlsOf: (id: string) => sites.get(id)?.urls() ?? [],
    update,
    /** The local URL a site's pages show for a record image, once published for it; else undefined (the placeholder). */
    localSrc(id: string, url: string): string | undefined {
      const image = sites.get(id)?.shown?.images.get(url)
      return image && localImageSrc(image)
    },
    /** Moves whenever the site's shown pictures change: pages rendered before are stale. */
    generation: (id: string) => sites.get(id)?.shown?.generation ?? 0,
    close: () => clearTimeout(timer),
  }
}

export type SitePictures = ReturnType<typeof createSitePictures>
