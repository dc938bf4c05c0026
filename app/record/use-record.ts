import { useRouteLoaderData } from 'react-router'
import type { LayoutView } from './page-views.ts'

/**
 * The shared layout's view of the record, for the components of the layout and its pages. Typed by
 * the view, not by the layout route's loader, so components never import the route that renders them.
 */
export function useLayout(): LayoutView {
  const data = useRouteLoaderData<LayoutView>('routes/site-layout')
  if (!data) throw new Error('useLayout() used outside the shared layout')
  return data
}
