import type { RecordStorage } from '../storage/storage-contract.server.ts'
import { logFor } from '../observability/log.js'

type Logger = Pick<ReturnType<typeof logFor>, 'info' | 'warn'>

/** What /healthz and /sites say about the fleet: whether the record is shared now, and since when. */
export interface FleetState {
  /** on: the database answers and the record is the fleet's; off: it does not, and this origin fetches for itself. */
  mode: 'on' | 'off'
  /** This origin's name (ORIGIN_NAME): what `fetchedBy` says of the records it fetched. */
  origin: string
  since: string
  /** Why the mode is off, when it is. */
  error: string | null
  /** Whether the connection that hears other origins' records is open (while it is not, each site polls once a ttl). */
  listening: boolean
}

/**
 * The origins sharing one database share each site's record (docs/decisions/041-fleet-record.md). This is the
 * process's side of it: its name, the one listening connection, routing each notification to the record
 * sources of that endpoint, and the mode, whose changes are logged once each, never once per site or request.
 */
export function createRecordFleet({
  store,
  origin,
  logger = logFor('record'),
  clock = Date.now,
}: {
  store: RecordStorage
  origin: string
  logger?: Logger
  /** This origin's own clock, which may be minutes off the database's (a test sets one ahead). */
  clock?: () => number
}) {
  const watchers = new Map<string, Set<() => void>>()
  /** The database's clock minus this origin's, as the last claim found it: fetch times are told on the database's clock. */
  let offsetMs = 0
  const now = () => clock() + offsetMs
  let state: FleetState = { mode: 'on', origin, since: new Date(clock()).toISOString(), error: null, listening: false }
  let listener: { close(): Promise<void> } | undefined

  const reloadAll = () => {
    for (const reloads of watchers.values()) for (const reload of reloads) reload()
  }

  function answered() {
    if (state.mode === 'on') return
    state = { ...state, mode: 'on', since: new Date(now()).toISOString(), error: null }
    logger.info('[record] the database answers again: the fleet shares each site’s record again', { event: 'fleet.resumed', origin })
  }

  function failed(error: unknown) {
    const reason = error instanceof Error ? error.message || error.name : String(error)
    if (state.mode === 'off') return void (state = { ...state, error: reason })
    state = { ...state, mode: 'off', since: new Date(now()).toISOString(), error: reason }
    logger.warn(`[record] the database does not answer (${reason}): this origin fetches its records itself until it is back`, {
      event: 'fleet.down',
      origin,
      reason,
    })
  }

  return {
    store,
    origin,
    /** A database call succeeded: the fleet mode is on (again). */
    answered,
    /** A database call failed: the fleet mode is off until one succeeds. */
    failed,
    state: () => state,
    /**
     * The fleet's clock (the database's, in epoch ms), as this origin reckons it from its last claim: what "newest"
     * means between copies fetched by different origins (or by this one while the database was away).
     */
    now,
    /**
     * Takes `endpoint`'s fetch lease for `leaseMs` when it is free (or ours and nearly over); true when it is ours now.
     * `yieldMs`: only a lease free for that long (this origin cannot keep what it fetches: the others go first).
     */
    async claim(endpoint: string, leaseMs: number, yieldMs = 0) {
      const sent = clock()
      const { held, now: databaseNow } = await store.claim(endpoint, origin, leaseMs, yieldMs)
      offsetMs = databaseNow - (sent + clock()) / 2
      answered()
      return held
    },
    /** Calls `reload` when an origin saved `endpoint`'s record, and after the listener (re)connects; answers the unsubscribe. */
    watch(endpoint: string, reload: () => void) {
      const reloads = watchers.get(endpoint) ?? watchers.set(endpoint, new Set()).get(endpoint)!
      reloads.add(reload)
      return () => {
        reloads.delete(reload)
        if (!reloads.size) watchers.delete(endpoint)
      }
    },
    start() {
      listener = store.listen(
        (endpoint) => {
          for (const reload of watchers.get(endpoint) ?? []) reload()
        },
        (up, error) => {
          state = { ...state, listening: up }
          if (!up) return failed(new Error(error))
          answered()
          reloadAll() // what was saved while the connection was away was never heard
        },
      )
    },
    close: () => listener?.close(),
  }
}

export type RecordFleet = ReturnType<typeof createRecordFleet>
