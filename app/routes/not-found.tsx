import { data } from 'react-router'
import { NotFoundNotice } from '#app/sections/deferred-sections.ts'

export function loader() {
  throw data(null, { status: 404 })
}

export default function NotFound() {
  return <NotFoundNotice />
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
