import { data, redirect } from 'react-router'
import { findBySlug } from './slug.ts'

/**
 * Resolves a URL segment to a named entry (service or landing). A spec-form slug
 * redirects to the clean one; no match logs the spec's note and answers 404.
 */
export function findEntryOr404<T extends { name: string }>(items: readonly T[], id: string, pathFor: (slug: string) => string): T {
  const match = findBySlug(items, id)
  if (!match) {
    console.warn(`Servicio no encontrado: ${JSON.stringify(id)}`) // quoted and escaped: the id is a stranger's text
    throw data(null, { status: 404 })
  }
  if (!match.isCanonical) throw redirect(pathFor(match.canonical), 301)
  return match.item
}
