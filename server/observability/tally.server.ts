/**
 * Counts by label set, kept by the part of this process that does the counted thing (the lead outbox, the
 * results counter, the monthly reports); the metrics' counters read them at each scrape. Label values are
 * bounded by their owners (a configured site, a kind, an outcome), so the map is too.
 */
export function createTally<Labels extends Record<string, string>>() {
  const counts = new Map<string, { labels: Labels; count: number }>()
  return {
    add(labels: Labels) {
      const key = JSON.stringify(labels)
      const entry = counts.get(key)
      if (entry) entry.count++
      else counts.set(key, { labels, count: 1 })
    },
    /** Every label set counted so far, with its count. */
    entries: () => counts.values(),
  }
}

export type Tally<Labels extends Record<string, string>> = ReturnType<typeof createTally<Labels>>
