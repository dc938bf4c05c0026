import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { emptyRecord, parsePageRecordWithIssues, type FieldIssue, type PageRecord } from '#app/record/schema.ts'
import { createOutboundClient, type OutboundClient } from '../outbound/outbound-client.server.ts'
import { urlForLog } from '../log-safe.server.ts'
import { logFor } from '../log.js'

export type RecordOrigin = 'provider' | 'disk' | 'empty'
export type RecordSnapshot = {
  record: PageRecord
  /** Changes whenever the record's content changes: a cache key for rendered pages. */
  version: string
  origin: RecordOrigin
  fetchedAt: string | null
  lastError: string | null
  /** What the parse could not use as given (the record report's fields). */
  issues?: FieldIssue[]
}
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
}

/**
 * Owns the page record: fetched from the provider at start-up and every ttl, kept in
 * memory and on disk (last known good), so a provider outage never empties the site.
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
  } = options
  const { outbound = createOutboundClient({ allowOrigins: [apiUrl] }) } = options
  const ttlMs = ttlSeconds * 1000
  const endpoint = recordEndpoint(apiUrl, pageId)
  const diskFile = path.join(dataDir, `record-${pageId}.json`)
  let snapshot: RecordSnapshot = { record: emptyRecord, version: 'empty', origin: 'empty', fetchedAt: null, lastError: null }
  let timer: NodeJS.Timeout | undefined
  let running = false
  let lastAttemptAt = -Infinity
  let inFlight: Promise<void> | null = null
  let reportedProblem: string | null = null
  /** Failed fetches since start (the metrics' tradesite_record_fetch_failures_total). */
  let failures = 0
  const listeners = new Set<(snapshot: RecordSnapshot) => void>()

  function adopt(raw: unknown, body: string, origin: RecordOrigin, fetchedAt: string) {
    const version = createHash('sha256').update(body).digest('hex').slice(0, 16)
    const { record, issues } = parsePageRecordWithIssues(raw)
    snapshot = { record, issues, version, origin, fetchedAt, lastError: null }
  }

  function loadFromDisk() {
    try {
      const saved = JSON.parse(fs.readFileSync(diskFile, 'utf8')) as { fetchedAt: string; body: string }
      adopt(JSON.parse(saved.body), saved.body, 'disk', saved.fetchedAt)
      logger.info(`[record] serving the last good record from disk (fetched ${saved.fetchedAt})`, {
        event: 'record.loaded',
        site,
        version: snapshot.version,
      })
    } catch {
      // No saved copy yet (first run) or an unreadable one: the provider fetch decides.
    }
  }

  function saveToDisk(body: string, fetchedAt: string) {
    fs.mkdirSync(dataDir, { recursive: true })
    const tmp = `${diskFile}.${process.pid}.tmp`
    fs.writeFileSync(tmp, JSON.stringify({ fetchedAt, body }))
    fs.renameSync(tmp, diskFile)
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

  async function fetchOnce() {
    try {
      const { raw, body } = await fetchRecord(endpoint, { outbound, timeoutMs, maxBytes })
      const fetchedAt = new Date().toISOString()
      const previous = snapshot.version
      adopt(raw, body, 'provider', fetchedAt)
      saveToDisk(body, fetchedAt)
      report(null)
      if (snapshot.version !== previous) {
        // Once per new version, not once per ttl: a hundred sites would otherwise fill the log with sameness.
        logger.info(`[record] ${site}: version ${snapshot.version} fetched`, { event: 'record.fetched', site, version: snapshot.version })
        for (const listener of listeners) listener(snapshot)
      }
    } catch (error) {
      failures++
      const problem = describe(error)
      snapshot = { ...snapshot, lastError: problem }
      report(problem)
    }
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
      inFlight = fetchOnce().finally(() => {
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
      await refresh()
      schedule(ttlMs * (1 + random())) // one ttl at least, then a phase of its own
    },
    stop() {
      running = false
      clearTimeout(timer)
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
