import { pageMeta } from '#app/record/route-meta.ts'
import { useRecord } from '#app/record/use-record.ts'
import type { Route } from './+types/find-us-on'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Find Us On', matches)

export default function FindUsOn() {
  const record = useRecord()
  return (
    <main className="container-page py-12 text-center">
      <h1 className="text-3xl">{record.dbPrincipal.name}</h1>
    </main>
  )
}
