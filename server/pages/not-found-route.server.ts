import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import type { PageRecord } from '#app/record/schema.ts'
import { findBySlug } from '#app/record/slug.ts'

/**
 * Which route answers 404 for a path, under a given record, decided without running a loader, so
 * the page cache can answer every 404 after the first: a flood of unknown URLs costs one render per
 * route and record version, not one per URL. Each entry makes the same lookup as its route's loader.
 */
const NOT_FOUND_WHEN: Record<string, (record: PageRecord, id: string) => boolean> = {
  'routes/not-found': () => true,
  'routes/service-detail': (record, id) => !findBySlug(record.dbServices, id),
  'routes/landing-gallery': (record, id) => !findBySlug(record.landings, id),
}

export function notFoundRouteFinder(routes: ServerBuild['routes']) {
  const tree = routeTree(routes, undefined)
  /** The id of the route that answers 404 for this path, or undefined when the path may be a page. */
  return (pathname: string, record: PageRecord): string | undefined => {
    const leaf = matchRoutes(tree, pathname)?.at(-1)
    const when = leaf && NOT_FOUND_WHEN[leaf.route.id!]
    if (!when) return undefined
    return when(record, leaf.params.id ?? '') ? leaf.route.id : undefined
  }
}

function routeTree(routes: ServerBuild['routes'], parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) =>
      route!.index
        ? { id: route!.id, index: true, path: route!.path }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: routeTree(routes, route!.id) },
    )
}
