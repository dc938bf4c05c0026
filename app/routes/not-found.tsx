import { data } from 'react-router'
import { NotFoundNotice } from '#app/sections/deferred-sections.ts'
import { revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'

export function loader() {
  throw data(null, { status: 404 })
}

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function NotFound() {
  return <NotFoundNotice />
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
