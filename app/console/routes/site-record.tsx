import type { Route } from './+types/site-record'
import { requireSiteAccess } from '#server/console/authorize.server.ts'
import { ReportFrame } from '../parts/report-frame.tsx'
import { age, formatTime } from '../parts/format.ts'

/** What the site does with its record: the report `npm run record -- check --html` writes, framed. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  const { origin, fetchedAt, fetchedBy, lastError, version } = site.records.current()
  return {
    siteId: site.id,
    name: site.pageSnapshot().record.dbPrincipal.name || site.id,
    record: { origin, fetchedAt, fetchedBy: fetchedBy ?? null, lastError, version },
    endpoint: site.records.endpoint,
    now: ctx.now(),
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Record · ${data.name} · Console` : 'Record · Console' }]

export default function SiteRecord({ loaderData }: Route.ComponentProps) {
  const { siteId, name, record, endpoint, now } = loaderData
  return (
    <section aria-labelledby="record-heading">
      <h2 id="record-heading">The record and what the site does with it</h2>
      <dl className="card mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-semibold">Provider</dt>
        <dd className="break-all">{endpoint}</dd>
        <dt className="font-semibold">Served now</dt>
        <dd>
          {record.origin === 'empty' ? 'no record yet (the empty layout)' : `version ${record.version}, from ${record.origin}`}
          {record.fetchedAt ? `, fetched ${age(record.fetchedAt, now)} (${formatTime(record.fetchedAt)})` : ''}
          {record.fetchedBy ? ` by ${record.fetchedBy}` : ''}
        </dd>
        {record.lastError ? (
          <>
            <dt className="font-semibold">Last fetch</dt>
            <dd className="break-words text-red-800">failed: {record.lastError}</dd>
          </>
        ) : null}
      </dl>
      <ReportFrame src={`/sites/${encodeURIComponent(siteId)}/record/report`} title={`Record report of ${name}`} />
    </section>
  )
}
