import { useRouteLoaderData } from 'react-router'
import type { loader } from '../routes/site-layout.tsx'
import type { LayoutView } from './page-views.ts'

/** The shared layout's view of the record, for the components of the layout and its pages. */
export function useLayout(): LayoutView {
  const data = useRouteLoaderData<typeof loader>('routes/site-layout')
  if (!data) throw new Error('useLayout() used outside the shared layout')
  return data
}
