import { data } from 'react-router'
import { NotFoundNotice } from '#app/layout/not-found-notice.tsx'
import { notFoundMeta } from '#app/record/page-meta.ts'
import type { Route } from './+types/not-found'

export function loader() {
  throw data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches }) => notFoundMeta(matches)

export default function NotFound() {
  return <NotFoundNotice />
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
