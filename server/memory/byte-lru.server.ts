/**
 * A map bounded by bytes, least recently used first out: the one shape of every cache of the process that grows with
 * its sites (rendered pages, held sites). Each entry's size is taken when it is set (set it again when it grew);
 * `onEvict` hears every value that is not kept, other than by `delete` (evicted, replaced, or too big to keep), so its
 * owner can let go of what it holds.
 */
export function createByteLru<V>({
  maxBytes,
  sizeOf,
  onEvict,
}: {
  maxBytes: number
  sizeOf: (key: string, value: V) => number
  onEvict?: (key: string, value: V) => void
}) {
  const entries = new Map<string, { value: V; size: number }>()
  let bytes = 0

  function remove(key: string, evicted: boolean) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.size
    if (evicted) onEvict?.(key, entry.value)
  }

  /** Evicts the least recently used entries until at most `limit` bytes are left. */
  function trimTo(limit: number) {
    for (const oldest of entries.keys()) {
      if (bytes <= limit) break
      remove(oldest, true)
    }
  }

  return {
    /** The value, now the most recently used. */
    get(key: string): V | undefined {
      const entry = entries.get(key)
      if (!entry) return undefined
      entries.delete(key) // re-insert: Map order doubles as least-recently-used order
      entries.set(key, entry)
      return entry.value
    },
    /** The value, its place in the order unchanged (listings and metrics look without using). */
    peek: (key: string): V | undefined => entries.get(key)?.value,
    has: (key: string) => entries.has(key),
    /** Keeps `value` (most recently used), evicting the oldest entries past the bound; a value bigger than the bound is not kept (evicted at once). */
    set(key: string, value: V) {
      const previous = entries.get(key)
      if (previous) {
        entries.delete(key)
        bytes -= previous.size
        if (previous.value !== value) onEvict?.(key, previous.value)
      }
      const size = sizeOf(key, value)
      if (size > maxBytes) return void onEvict?.(key, value)
      entries.set(key, { value, size })
      bytes += size
      trimTo(maxBytes)
    },
    /** Removes an entry its owner let go of itself (onEvict is not called). */
    delete: (key: string) => remove(key, false),
    /** Evicts every entry whose key starts with `prefix`. */
    dropPrefix(prefix: string) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) remove(key, true)
    },
    /** Evicts the least recently used entries until `fraction` of the bytes held now are left (the heap is nearly full). */
    shed(fraction: number) {
      const before = bytes
      trimTo(Math.floor(bytes * fraction))
      return before - bytes
    },
    keys: () => entries.keys(),
    stats: () => ({ entries: entries.size, bytes }),
  }
}

export type ByteLru<V> = ReturnType<typeof createByteLru<V>>
