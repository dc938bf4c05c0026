import { useRouteLoaderData } from 'react-router'
import type { loader } from '../root.tsx'
import type { PageRecord } from './schema.ts'

/** The page record every component reads (the root loader always provides one, empty at worst). */
export function useRecord(): PageRecord {
  const data = useRouteLoaderData<typeof loader>('root')
  if (!data) throw new Error('useRecord() used outside the root route')
  return data.record
}
