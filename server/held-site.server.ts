import { setTimeout as sleep } from 'node:timers/promises'
import { recordImageUrls } from '#app/record/record-images.ts'
import type { ReportCounts } from '#app/record/record-report.ts'
import type { ImageStore } from './images/image-store.server.ts'
import { log } from './observability/log.js'
import { urlForLog } from './observability/log-safe.server.ts'
import type { PageCache } from './pages/page-cache.server.ts'
import { sitePrefix } from './pages/page-key.server.ts'
import { createByteLru } from './memory/byte-lru.server.ts'
import { createLocalRecordView } from './record/local-record.server.ts'
import { siteRecordReport } from './record/record-report.server.ts'
import {
  createRecordSource,
  readSavedRecord,
  recordEndpoint,
  recordVersion,
  savedRecordFile,
  type RecordSnapshot,
  type RecordSource,
} from './record/record-source.server.ts'

/** Rough heap of a held site beside its record: closures, the report, the picture manifest, the local view's copy. */
const HELD_OVERHEAD_BYTES = 48 * 1024
/** A parsed record (objects, strings, the local view's copy) takes a few times its JSON. */
const RECORD_HEAP_FACTOR = 6
/** A site coming back with a saved copy waits this long for a newer record (the fleet's, the provider's), then is served the copy. */
const RETURN_WAIT_MS = 1_000

/** What a site keeps in memory while it is not held: a row's worth, never its record. */
export type SiteSummary = Omit<RecordSnapshot, 'record' | 'issues'> & {
  /** The contractor's name as its record says (empty when unknown). */
  name: string
  /** Its record report's counts; null when its record has not been read since start. */
  counts: ReportCounts | null
}

/** A site's state while it is visited: its record (refreshed per ttl), report, local view and pictures shown. */
type Held = {
  records: RecordSource
  report: ReturnType<typeof siteRecordReport>
  pageSnapshot: () => RecordSnapshot
  /** The first refresh after it was restored. */
  started: Promise<void>
  /** The record image URLs, worked out once per record. */
  urls: () => string[] | null
  bytes: number
}

type RecordOptions = Omit<Parameters<typeof createRecordSource>[0], 'site' | 'apiUrl' | 'pageId'>

/**
 * The sites held in memory, bounded by bytes (SITE_CACHE_MB, least recently visited out first, like the page cache):
 * a site not visited for a while lets go of its record, views, pages and picture manifest, and comes back from its last
 * good record on its next request. A site never visited since start costs its shell (a row), never its record.
 */
export function createHeldSites({
  maxBytes,
  images,
  pages,
  record,
  dataDir,
  provider,
}: {
  maxBytes: number
  images: ImageStore
  pages: PageCache
  /** Every site's record settings (ttl, limits, outbound, fleet). */
  record: RecordOptions
  dataDir: string
  /** How the start line names the provider ("demo provider" or "provider"). */
  provider: string
}) {
  const lru = createByteLru<{ release: () => void; bytes: number }>({
    maxBytes,
    sizeOf: (_id, held) => held.bytes,
    onEvict: (_id, held) => held.release(),
  })
  let evictions = 0

  /**
   * One contractor's site, lazy: `records`, `pageSnapshot` and `report` hold it (restore it when it is not held);
   * `summary`, `fetches` and `failures` never do (listings and metrics look at thousands of sites).
   */
  function createLazySite(
    config: { id: string; pageId: string },
    apiUrl: string,
    /** `changed`: a new record version came; `started`: its first refresh after it was restored is over. */
    hooks: { changed: () => void; started: () => void },
  ) {
    const { id } = config
    let held: Held | undefined
    /** Its place in the bound while held (another site built under the same id by a reload has its own). */
    let heldEntry: { release: () => void; bytes: number } | undefined
    let restoring: Promise<void> | undefined
    /** Fetches and failures of the sources this site had before the one held now. */
    let pastFetches = 0
    let pastFailures = 0
    /** Its state when it was last let go (or read from its saved copy when a listing asked), while it is not held. */
    let summary: SiteSummary | undefined
    /** Its record's image URLs when it was let go: its pictures are kept (a dormant registration), not shown. */
    let dormantUrls: string[] | null = null
    const dropPages = () => pages.dropPrefix(sitePrefix(id))
    let unregisterImages = images.register(id, () => dormantUrls, undefined, { dormant: true })

    function summarize(h: Held): SiteSummary {
      const { record, issues: _issues, ...rest } = h.records.current()
      return { ...rest, name: record.dbPrincipal.name, counts: h.report.counts() }
    }

    function release(h: Held) {
      if (held !== h) return
      // Let go before its record came (the start's overflow): its saved copy, if one is written, says more when listed.
      summary = h.records.current().origin === 'empty' ? undefined : summarize(h)
      dormantUrls = h.urls()
      pastFetches += h.records.fetches()
      pastFailures += h.records.failures()
      h.records.stop()
      held = undefined
      // Its place in the bound reaches the whole held state (its release closure): kept, the site was let go in name only.
      heldEntry = undefined
      restoring = undefined
      unregisterImages()
      unregisterImages = images.register(id, () => dormantUrls, undefined, { dormant: true })
      dropPages()
      evictions++
    }

    /** Its size in the bound: the record's JSON a few times over, and the rest. */
    const sizeOf = (snapshot: RecordSnapshot) =>
      Math.min(
        maxBytes,
        HELD_OVERHEAD_BYTES + (snapshot.origin === 'empty' ? 0 : JSON.stringify(snapshot.record).length * RECORD_HEAP_FACTOR),
      )

    function restore(): Held {
      const records = createRecordSource({ ...record, site: id, apiUrl, pageId: config.pageId })
      const report = siteRecordReport(id, records, images)
      let imageUrls: { snapshot: RecordSnapshot; urls: string[] | null } | undefined
      const urls = () => {
        const snapshot = records.current()
        if (imageUrls?.snapshot !== snapshot)
          imageUrls = { snapshot, urls: snapshot.origin === 'empty' ? null : recordImageUrls(snapshot.record) }
        return imageUrls.urls
      }
      const h: Held = {
        records,
        report,
        pageSnapshot: createLocalRecordView(id, records.current, images),
        urls,
        started: Promise.resolve(),
        bytes: HELD_OVERHEAD_BYTES,
      }
      const entry = { release: () => release(h), bytes: h.bytes }
      heldEntry = entry
      unregisterImages()
      unregisterImages = images.register(id, urls, dropPages)
      records.onChange(() => {
        if (held !== h) return // a fetch that ended after the site was let go
        dropPages() // the old version's pages will never be asked for again
        images.sync()
        hooks.changed()
        entry.bytes = sizeOf(records.current())
        lru.set(id, entry) // its size changed
        // Fire and forget: one log line, once this version's pictures are tried (a failure is logged there, never
        // unhandled). No handler here: a closure of this scope would hold the whole site while the pictures are made.
        void report.logWhenSettled()
      })
      held = h
      h.started = records.start().then(() => {
        // Let go before its first refresh ended (other sites came since): the hooks would read its record, holding it again
        // and letting another go, which would come back the same way; sites starting together would take turns forever.
        if (held !== h) return
        const { origin, version } = records.current()
        log.info(
          { event: 'site.started', site: id, source: origin, version, url: urlForLog(records.endpoint) },
          `site ${id}: ${provider} ${urlForLog(records.endpoint)}: ${origin}`,
        )
        images.sync()
        hooks.started()
      })
      // The saved copy it starts from is known at once (read synchronously): its size counts from now.
      entry.bytes = sizeOf(records.current())
      summary = undefined
      lru.set(id, entry)
      images.sync()
      return h
    }

    /** The held state, restored from the last good record when it was let go; now the most recently used. */
    function hold(): Held {
      if (held) {
        lru.get(id)
        return held
      }
      return restore()
    }

    /** What a listing shows of a site not held: its state when it was let go, else its saved copy's (read once). */
    function savedSummary(): SiteSummary {
      if (summary) return summary
      const empty: SiteSummary = { version: 'empty', origin: 'empty', fetchedAt: null, lastError: null, name: '', counts: null }
      try {
        const saved = readSavedRecord(savedRecordFile(dataDir, config.pageId))
        const raw = JSON.parse(saved.body) as { dbPrincipal?: { name?: unknown } } | null
        const name = typeof raw?.dbPrincipal?.name === 'string' ? raw.dbPrincipal.name.slice(0, 200) : ''
        const version = recordVersion(saved.body)
        summary = { ...empty, version, origin: 'disk', fetchedAt: saved.fetchedAt, fetchedBy: saved.fetchedBy ?? null, name }
      } catch {
        summary = empty // none yet, or unreadable: the site says why when it is held
      }
      return summary
    }

    return {
      records: {
        endpoint: recordEndpoint(apiUrl, config.pageId),
        current: () => hold().records.current(),
        refreshIfDue: () => hold().records.refreshIfDue(),
        /** Provider requests this origin made for the site since start (every time it was held). */
        fetches: () => pastFetches + (held?.records.fetches() ?? 0),
        failures: () => pastFailures + (held?.records.failures() ?? 0),
      },
      pageSnapshot: () => hold().pageSnapshot(),
      report: {
        report: () => hold().report.report(),
        counts: () => hold().report.counts(),
      },
      /** Whether the site is held in memory now. */
      isHeld: () => held !== undefined,
      /** Its record's state without holding it: the live one when held, else a row's worth. */
      summary: (): SiteSummary => (held ? summarize(held) : savedSummary()),
      /**
       * Holds the site for a request: when it was not held, its last good record is read (this origin's disk), then its
       * first refresh (the fleet's newer copy, or the provider's) is waited for: fully when there is no saved copy, else
       * at most RETURN_WAIT_MS, after which the saved copy is served while the refresh goes on.
       */
      async ready(): Promise<void> {
        if (held) {
          lru.get(id)
          return restoring // another request restored it: its wait is this one's too
        }
        const h = restore()
        restoring ??=
          h.records.current().origin === 'empty' ? h.started : Promise.race([h.started, sleep(RETURN_WAIT_MS, undefined, { ref: false })])
        await restoring
      },
      /** Holds the site at start (while the bound has room): its first refresh is waited for, as a visit to a site with no saved copy would. */
      async warm(): Promise<void> {
        await hold().started
      },
      /** The site leaves the process: its timers, pictures and pages go (its leads stay stored). */
      stop() {
        if (held) {
          held.records.stop()
          held = undefined
          if (lru.peek(id) === heldEntry) lru.delete(id)
        }
        unregisterImages()
        dropPages()
      },
    }
  }

  return {
    createLazySite,
    /** The heap is nearly full: lets go of the least recently visited sites until `fraction` of their bytes are left. */
    shed: (fraction: number) => lru.shed(fraction),
    /** Whether the bound is (nearly) full: the start holds no more sites, they wait for their first visitor. */
    full: () => evictions > 0 || lru.stats().bytes >= maxBytes * 0.9,
    stats: () => ({ ...lru.stats(), evictions }),
  }
}

export type LazySite = ReturnType<ReturnType<typeof createHeldSites>['createLazySite']>
