/**
 * The known key a mistyped one was most likely meant to be, or null when none is close: case is
 * ignored, and the distance counts one per letter inserted, removed, changed, or swapped with its
 * neighbour (optimal string alignment, a Damerau–Levenshtein distance). Close means at most 2, and at
 * most a third of the known key's length (at least 1): `dbServies` → `dbServices`, `phone` → `phones`,
 * `Name` → `name`, but `_id` → nothing.
 */
export function nearestKey(key: string, known: readonly string[]): string | null {
  let best: { key: string; distance: number } | null = null
  for (const candidate of known) {
    const limit = Math.min(2, Math.max(1, Math.floor(candidate.length / 3)))
    // The distance is at least the difference in length: a long key is never compared letter by letter.
    if (Math.abs(key.length - candidate.length) > limit) continue
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase())
    if (distance <= limit && (!best || distance < best.distance)) best = { key: candidate, distance }
  }
  return best?.key ?? null
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  // rows[i][j]: the distance between a's first i and b's first j characters.
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i ? (j ? 0 : i) : j)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = d
    }
  }
  return rows[a.length]![b.length]!
}
