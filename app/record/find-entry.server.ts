import { data, redirect } from 'react-router'
import { findBySlug } from './slug.ts'
import { log } from '#server/observability/log.js'

/**
 * Resolves a URL segment to a named entry (service or landing). A spec-form slug
 * redirects to the clean one; no match logs the spec's note and answers 404.
 */
export function findEntryOr404<T extends { name: string }>(items: readonly T[], id: string, pathFor: (slug: string) => string): T {
  const match = findBySlug(items, id)
  if (!match) {
    log.warn({ event: 'entry.not-found', id: id.slice(0, 200) }, 'Servicio no encontrado') // the id is a stranger's text: a JSON field, cut short
    throw data(null, { status: 404 })
  }
  if (!match.isCanonical) throw redirect(pathFor(match.canonical), 301)
  return match.item
}
