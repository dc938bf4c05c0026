import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { emptyRecord, parsePageRecordWithIssues, type FieldIssue, type PageRecord } from '#app/record/schema.ts'
import { createOutboundClient, type OutboundClient } from '../outbound/outbound-client.server.ts'
import { urlForLog } from '../observability/log-safe.server.ts'
import { logFor } from '../observability/log.js'
import { writeFileDurably } from '../storage/durable-files.server.ts'
import type { RecordFleet } from './record-fleet.server.ts'

/** Where the record served came from: this origin's fetch, its disk copy, the fleet's database, or nowhere yet. */
export type RecordOrigin = 'provider' | 'disk' | 'fleet' | 'empty'
export type RecordSnapshot = {
  record: PageRecord
  /** Changes whenever the record's content changes: a cache key for rendered pages. */
  version: string
  origin: RecordOrigin
  fetchedAt: string | null
  /** The origin (ORIGIN_NAME) that fetched it, when the record is the fleet's. */
  fetchedBy?: string | null
  lastError: string | null
  /** What the parse could not use as given (the record report's fields). */
  issues?: FieldIssue[]
}
/** A fleet's first copy of a record: how long past a provider timeout it is waited for, and how often it is looked for. */
const FIRST_COPY_GRACE_MS = 1_000
const FIRST_COPY_POLL_MS = 200
type Logger = Pick<ReturnType<typeof logFor>, 'info' | 'warn'>
type Options = {
  /** The site's id, on its log lines. */
  site?: string
  apiUrl: string
  pageId: string
  ttlSeconds: number
  dataDir: string
  timeoutMs: number
  /** A bigger answer (declared or streamed) is a provider error: it is never read past this. */
  maxBytes: number
  /** The process's one outbound client; by default one that may reach the provider's origin only. */
  outbound?: OutboundClient
  logger?: Logger
  /** 0..1; gives each site its own phase within the ttl, so a hundred sites do not ask the provider in one second. */
  random?: () => number
  /** With DATABASE_URL: the record is the fleet's, one origin fetches it per ttl (record-fleet.server.ts). */
  fleet?: RecordFleet
}

/** Saved on disk: the provider's answer as it came. */
type DiskCopy = { fetchedAt: string; fetchedBy?: string | null; body: string }

/** A record's version: its body's hash, the same on every origin (and for a saved copy read without its source). */
export const recordVersion = (body: string) => createHash('sha256').update(body).digest('hex').slice(0, 16)

/** Where a site's last good record is kept in `dataDir`. */
export const savedRecordFile = (dataDir: string, pageId: string) => path.join(dataDir, `record-${pageId}.json`)

/** The last good record saved in `file`; throws ENOENT when there is none, and says so when it is not one. */
export function readSavedRecord(file: string): DiskCopy {
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<DiskCopy> | null
  if (typeof saved?.body !== 'string' || typeof saved.fetchedAt !== 'string') throw new Error('not a saved record')
  return saved as DiskCopy
}

/**
 * Owns the page record: fetched from the provider at start-up and every ttl, kept in
 * memory and on disk (last known good), so a provider outage never empties the site.
 * With a fleet, each tick first asks for the endpoint's lease: its holder fetches and stores the record
 * for every origin, the others load it (at once when told, at the latest on their next tick). If the
 * database does not answer, the origin fetches for itself, as without one.
 */
export function createRecordSource(options: Options) {
  const {
    apiUrl,
    pageId,
    site = pageId,
    ttlSeconds,
    dataDir,
    timeoutMs,
    maxBytes,
    logger = logFor('record'),
    random = Math.random,
    fleet,
  } = options
  const { outbound = createOutboundClient({ allowOrigins: [apiUrl] }) } = options
  const ttlMs = ttlSeconds * 1000
  const endpoint = recordEndpoint(apiUrl, pageId)
  const diskFile = savedRecordFile(dataDir, pageId)
  let snapshot: RecordSnapshot = { record: emptyRecord, version: 'empty', origin: 'empty', fetchedAt: null, lastError: null }
  let timer: NodeJS.Timeout | undefined
  let running = false
  let lastAttemptAt = -Infinity
  let inFlight: Promise<void> | null = null
  let reportedProblem: string | null = null
  /** Why the last good record could not be written to this origin's disk, while it cannot. */
  let diskProblem: string | null = null
  /** Failed fetches since start (the metrics' tradesite_record_fetch_failures_total). */
  let failures = 0
  /** Provider requests this origin made (the metrics' tradesite_record_fetches_total). */
  let fetches = 0
  let unwatch = () => {}
  /** Set while this origin waits for the fleet's first copy of the record (awaitFleetsFirst). */
  let wakeFirstCopyWait: (() => void) | undefined
  const listeners = new Set<(snapshot: RecordSnapshot) => void>()
  /** Fetch times are the fleet's clock (the database's) with a fleet: "newest" must mean the same on every origin. */
  const clock = () => fleet?.now() ?? Date.now()

  /** Serves `copy`; tells the listeners when its content differs from what was served (recordVersion). */
  function adopt(copy: DiskCopy, origin: RecordOrigin, raw: unknown = JSON.parse(copy.body)) {
    const previous = snapshot.version
    const version = recordVersion(copy.body)
    const { record, issues } = parsePageRecordWithIssues(raw)
    snapshot = { record, issues, version, origin, fetchedAt: copy.fetchedAt, fetchedBy: copy.fetchedBy ?? null, lastError: null }
    return version !== previous
  }

  const changed = () => {
    for (const listener of listeners) listener(snapshot)
  }

  function loadFromDisk() {
    try {
      const saved = readSavedRecord(diskFile)
      adopt(saved, 'disk')
      logger.info(`[record] serving the last good record from disk (fetched ${saved.fetchedAt})`, {
        event: 'record.loaded',
        site,
        version: snapshot.version,
      })
    } catch (error) {
      // No saved copy yet (first run): the provider fetch decides. An unreadable one (cut short, edited by hand) is said so.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      logger.warn(`[record] ${diskFile} is unreadable (${describe(error)}): not served; the next record fetched replaces it`, {
        event: 'record.unreadable',
        site,
      })
    }
  }

  /** The last good record, written so that a crash or power cut leaves the old copy or the new one, never half of one. */
  const saveToDisk = (copy: DiskCopy) => writeFileDurably(diskFile, JSON.stringify(copy))

  /**
   * Writes the copy served as this origin's last good record. A disk that cannot take it (full, read-only) is this
   * origin's trouble, neither the provider's nor the database's: the record is still served from memory, and the
   * problem logged once when it starts and once when it clears. Answers whether it was written.
   */
  async function keepOnDisk(copy: DiskCopy): Promise<boolean> {
    try {
      await saveToDisk(copy)
    } catch (error) {
      const problem = describe(error)
      const others = fleet ? '; the other origins fetch it while this one cannot keep it' : ''
      if (problem !== diskProblem)
        logger.warn(
          `[record] ${site}: cannot keep the last good record on this origin's disk (${problem}); serving it from memory${others}`,
          {
            event: 'record.disk-failed',
            site,
            reason: problem,
          },
        )
      diskProblem = problem
      return false
    }
    if (diskProblem) logger.info(`[record] ${site}: the last good record is kept on disk again`, { event: 'record.disk-recovered', site })
    diskProblem = null
    return true
  }

  /** Logs a problem once when it starts and once when it clears, never once per request. */
  function report(problem: string | null) {
    if (problem === reportedProblem) return
    const fields = { site, version: snapshot.version, url: urlForLog(endpoint) }
    if (problem)
      logger.warn(
        `[record] ${urlForLog(endpoint)}: ${problem}; keeping the ${snapshot.origin === 'empty' ? 'empty' : 'last good'} record`,
        {
          event: 'record.failed',
          ...fields,
          reason: problem,
        },
      )
    else if (reportedProblem) logger.info(`[record] ${urlForLog(endpoint)} is answering again`, { event: 'record.recovered', ...fields })
    reportedProblem = problem
  }

  /** One provider request, served at once; answers the copy it brought (not yet stored), or null when it failed (the last good record stays). */
  async function fetchOnce(): Promise<DiskCopy | null> {
    fetches++
    try {
      const { raw, body } = await fetchRecord(endpoint, { outbound, timeoutMs, maxBytes })
      const copy = { fetchedAt: new Date(clock()).toISOString(), fetchedBy: fleet?.origin ?? null, body }
      const isNew = adopt(copy, 'provider', raw)
      report(null)
      if (isNew) {
        // Once per new version, not once per ttl: a hundred sites would otherwise fill the log with sameness.
        logger.info(`[record] ${site}: version ${snapshot.version} fetched`, { event: 'record.fetched', site, version: snapshot.version })
        changed()
      }
      return copy
    } catch (error) {
      failures++
      const problem = describe(error)
      snapshot = { ...snapshot, lastError: problem }
      report(problem)
      return null
    }
  }

  /** A fetch for this origin alone (no fleet, or the database away): kept on this origin's disk. */
  async function fetchForItself() {
    const copy = await fetchOnce()
    if (copy) await keepOnDisk(copy)
  }

  /**
   * Serves the fleet's record when it is another version than ours and not older (after a database
   * outage, a copy this origin fetched itself may be newer until the next holder fetches). False when
   * the fleet has none yet.
   */
  async function loadFromFleet(fleet: RecordFleet, trigger: 'tick' | 'told'): Promise<boolean> {
    const stored = await fleet.store.load(endpoint, snapshot.version)
    fleet.answered()
    if (!stored) return false
    if (stored.body === null) snapshot = { ...snapshot, fetchedAt: stored.fetchedAt, fetchedBy: stored.fetchedBy }
    else if (!snapshot.fetchedAt || stored.fetchedAt >= snapshot.fetchedAt) {
      const copy = { fetchedAt: stored.fetchedAt, fetchedBy: stored.fetchedBy, body: stored.body }
      if (adopt(copy, 'fleet')) {
        logger.info(`[record] ${site}: version ${snapshot.version} from ${stored.fetchedBy}`, {
          event: 'record.shared',
          site,
          version: snapshot.version,
          fetchedBy: stored.fetchedBy,
          // told: a notification brought it (within a second of the fetch); tick: the slow poll did, so the listener was away.
          trigger,
        })
        changed()
        await keepOnDisk(copy)
      }
    }
    return true
  }

  /** The holder may still be fetching the fleet's first copy: it is waited for (a provider timeout and a little), then fetched here. */
  async function awaitFleetsFirst(fleet: RecordFleet) {
    const deadline = Date.now() + timeoutMs + FIRST_COPY_GRACE_MS
    while (Date.now() < deadline) {
      // The holder's notification wakes this at once; the poll is for a notification this origin did not hear.
      await new Promise<void>((resolve) => {
        wakeFirstCopyWait = resolve
        setTimeout(resolve, FIRST_COPY_POLL_MS)
      })
      wakeFirstCopyWait = undefined
      if (await loadFromFleet(fleet, 'tick')) return
    }
    await fetchForItself()
  }

  /**
   * One tick with a fleet: the lease's holder fetches and stores for everyone, the others load what it stored. The
   * holder stores the fleet's copy first, then its own: a holder whose disk cannot take it (full, read-only) gives
   * its lease up, and while its disk cannot, takes one only when no other origin did for two ttls (each ticks once a
   * ttl), so a fleet whose every origin is in trouble still fetches.
   */
  async function fleetOnce(fleet: RecordFleet) {
    try {
      if (await fleet.claim(endpoint, ttlMs, diskProblem ? 2 * ttlMs : 0)) {
        const copy = await fetchOnce()
        if (copy) {
          // The fleet's copy first, then this origin's: also when the database failed in between.
          await fleet.store
            .save(endpoint, fleet.origin, {
              ...copy,
              version: snapshot.version,
              fetchedBy: fleet.origin,
              name: snapshot.record.dbPrincipal.name,
            })
            .catch(async (error) => {
              await keepOnDisk(copy)
              throw error
            })
          if (!(await keepOnDisk(copy))) await fleet.store.release(endpoint, fleet.origin)
        } else {
          // The provider failed: the fleet's last good record, if this origin has none as new, and still the provider's error.
          const { lastError } = snapshot
          await loadFromFleet(fleet, 'tick')
          snapshot = { ...snapshot, lastError }
        }
      } else if (!(await loadFromFleet(fleet, 'tick'))) await awaitFleetsFirst(fleet)
    } catch (error) {
      // The database, not the provider: this origin fetches for itself, as without a fleet, until it answers again
      // (not twice in a row when it was the save that failed, just after this origin's own fetch).
      fleet.failed(error)
      if (snapshot.origin !== 'provider' || clock() - Date.parse(snapshot.fetchedAt ?? '') >= ttlMs / 2) await fetchForItself()
    }
  }

  /** A notification or a reconnected listener: the fleet's record, after the tick under way if there is one (it may have read just before). */
  function reloadFromFleet() {
    if (!fleet || !running) return
    if (wakeFirstCopyWait) return wakeFirstCopyWait() // the tick under way is waiting for this very copy
    void (inFlight ?? Promise.resolve()).then(() => loadFromFleet(fleet, 'told')).catch((error: unknown) => fleet.failed(error))
  }

  /** The next background refresh: one ttl after the last attempt began, whoever asked for it. */
  function schedule(delayMs: number) {
    clearTimeout(timer)
    if (!running) return
    timer = setTimeout(() => void refresh(), Math.max(0, delayMs))
    timer.unref()
  }

  /** One fetch at a time: concurrent callers share it. */
  function refresh(): Promise<void> {
    if (!inFlight) {
      lastAttemptAt = Date.now()
      inFlight = (fleet ? fleetOnce(fleet) : fetchForItself()).finally(() => {
        inFlight = null
        schedule(lastAttemptAt + ttlMs - Date.now())
      })
    }
    return inFlight
  }

  return {
    endpoint,
    current: () => snapshot,
    /** Failed fetches since start. */
    failures: () => failures,
    /** Provider requests this origin made since start (with a fleet, only the ticks it held the lease, or the database was away). */
    fetches: () => fetches,
    refresh,
    /** A fetch only when the last one began a ttl ago or more (page requests call it: at most one fetch per ttl). */
    refreshIfDue: (): Promise<void> => inFlight ?? (Date.now() - lastAttemptAt >= ttlMs ? refresh() : Promise.resolve()),
    /** Calls the listener whenever a fetch brings a record with different content. */
    onChange(listener: (snapshot: RecordSnapshot) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async start() {
      running = true
      loadFromDisk()
      if (fleet) unwatch = fleet.watch(endpoint, reloadFromFleet)
      await refresh()
      schedule(ttlMs * (1 + random())) // one ttl at least, then a phase of its own
    },
    stop() {
      running = false
      clearTimeout(timer)
      unwatch()
    },
  }
}

export type RecordSource = ReturnType<typeof createRecordSource>

export const recordEndpoint = (apiUrl: string, pageId: string) => `${apiUrl}/paginas/${encodeURIComponent(pageId)}`

/** One provider answer: a JSON object, or an error saying what came instead. */
/** One GET of the record through the outbound client (bounded, address-checked): a JSON object, or a readable error. */
export async function fetchRecord(
  endpoint: string,
  { outbound, timeoutMs, maxBytes }: { outbound: OutboundClient; timeoutMs: number; maxBytes: number },
): Promise<{ raw: object; body: string }> {
  const answer = await outbound.request(endpoint, { headers: { Accept: 'application/json' }, timeoutMs, maxBytes, redirects: 3 })
  if (answer.status < 200 || answer.status >= 300) throw new Error(`HTTP ${answer.status}`)
  const body = answer.body.toString('utf8')
  let raw: unknown
  try {
    raw = JSON.parse(body)
  } catch {
    throw new Error('the answer is not JSON')
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('the answer is not a JSON object')
  return { raw, body }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ? `${error.message} (${cause.code})` : error.message
}
