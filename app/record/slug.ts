/** The spec's slug: lower-cased, with only the FIRST space replaced by a hyphen ("Wood Fence" → "wood-fence"). */
export function specSlug(name: string): string {
  return name.toLowerCase().replace(' ', '-')
}

/** The clean form we link to: every run of non-alphanumerics becomes one hyphen. */
export function canonicalSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export type SlugMatch<T> = { item: T; canonical: string; isCanonical: boolean }

/** Finds the entry a URL segment names, by the canonical or the spec's slug form. */
export function findBySlug<T extends { name: string }>(items: readonly T[], id: string): SlugMatch<T> | null {
  const wanted = safeDecode(id)
  for (const item of items) {
    const canonical = canonicalSlug(item.name)
    if (!canonical) continue
    if (wanted === canonical) return { item, canonical, isCanonical: true }
    if (wanted === specSlug(item.name)) return { item, canonical, isCanonical: false }
  }
  return null
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
