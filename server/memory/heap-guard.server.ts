import v8 from 'node:v8'
import { log } from '../observability/log.js'

/** Past this share of V8's heap limit the caches shed: well before the limit, so a burst of renders still fits. */
const SHED_AT = 0.8
/** What is kept of each cache when shedding: its most recently used half. */
const KEEP = 0.5
const CHECK_EVERY_MS = 1_000

type Shedder = { name: string; shed: (fraction: number) => number }

/**
 * The old generation's use and limit: where a heap crash happens (--max-old-space-size). V8's heap_size_limit also
 * counts the young generation's reserve (3 × --max-semi-space-size: 24 MB at `npm start`'s 8), so 80 % of it was 95 %
 * of a 128 MB old space, and the process died of its heap before the guard ever shed (issue 43's 2 000-site bench).
 */
export function oldGeneration(flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ')) {
  const stats = v8.getHeapStatistics()
  const young = v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_name === 'new_space' || space.space_name === 'new_large_object_space')
    .reduce((sum, space) => sum + space.space_used_size, 0)
  const oldSpaceMb = /--max-old-space-size=(\d+)/.exec(flags)?.[1]
  return { used: stats.used_heap_size - young, limit: oldSpaceMb ? Number(oldSpaceMb) * 1048576 : stats.heap_size_limit }
}

/**
 * Never dies of its heap: once a second, when the heap used nears its limit (--max-old-space-size), every cache bounded
 * by bytes (rendered pages, held sites) lets go of its least recently used half, one JSON line says so, and the
 * process keeps serving. Caches go first because they come back on their own (a page is rendered again, a site restored).
 */
export function startHeapGuard(shedders: Shedder[], heap: () => { used: number; limit: number } = oldGeneration) {
  let sheds = 0
  function check() {
    const { used, limit } = heap()
    if (used < limit * SHED_AT) return false
    const freed = Object.fromEntries(shedders.map(({ name, shed }) => [name, shed(KEEP)]))
    sheds++
    log.warn(
      { event: 'memory.shed', heapUsedMb: Math.round(used / 1048576), heapLimitMb: Math.round(limit / 1048576), freedBytes: freed },
      `the heap is ${Math.round((used / limit) * 100)} % full: the caches let go of their least recently used half`,
    )
    return true
  }
  const timer = setInterval(check, CHECK_EVERY_MS)
  timer.unref()
  return {
    check,
    /** Times the caches were shed since start (tradesite_memory_sheds_total). */
    sheds: () => sheds,
    stop: () => clearInterval(timer),
  }
}
