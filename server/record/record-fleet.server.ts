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
export function createRecordFleet({ store, origin, logger = logFor('record') }: { store: RecordStorage; origin: string; logger?: Logger }) {
  const watchers = new Map<string, Set<() => void>>()
  let state: FleetState = { mode: 'on', origin, since: new Date().toISOString(), error: null, listening: false }
  let listener: { close(): Promise<void> } | undefined

  const reloadAll = () => {
    for (const reloads of watchers.values()) for (const reload of reloads) reload()
  }

  function answered() {
    if (state.mode === 'on') return
    state = { ...state, mode: 'on', since: new Date().toISOString(), error: null }
    logger.info('[record] the database answers again: the fleet shares each site’s record again', { event: 'fleet.resumed', origin })
  }

  function failed(error: unknown) {
    const reason = error instanceof Error ? error.message || error.name : String(error)
    if (state.mode === 'off') return void (state = { ...state, error: reason })
    state = { ...state, mode: 'off', since: new Date().toISOString(), error: reason }
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
