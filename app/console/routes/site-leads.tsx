import { Link, useRouteLoaderData, useSearchParams } from 'react-router'
import type { Route } from './+types/site-leads'
import { requireSiteAccess } from '#server/console/authorize.server.ts'
import { leadView, resendFromForm } from '#server/console/lead-deliveries.server.ts'
import { recordActivity } from '#server/console/people.server.ts'
import { DeliveryStates } from '../parts/delivery-states.tsx'
import { KeysetPagination, keysetPageOf } from '../parts/pagination.tsx'
import { ResendButton } from '../parts/resend-button.tsx'
import { formatNumber, formatTime } from '../parts/format.ts'
import type { loader as siteLoader } from './site.tsx'

const PER_PAGE = 25

/**
 * A site's leads, newest first, 25 to a page: what each visitor typed and where it went. Pages by keyset (the rows past
 * the last one shown, from the leads_site_page index), and the total from the count the database keeps per site, so
 * no view reads every lead: the last page of 100 000 is as quick as the first of 10. Each view is in the activity log.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site, person } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  const { leads } = ctx.services.storage
  const total = await leads.leadTotal(site.id)
  let at = keysetPageOf(new URL(request.url).searchParams)
  // One more than a page says whether there are more that way.
  let rows = await leads.pageLeads({ site: site.id, ...at, limit: PER_PAGE + 1 })
  if (rows.length === 0 && at.from) {
    at = { from: null, toward: 'older' } // a cursor past every lead (or made up): the newest page
    rows = await leads.pageLeads({ site: site.id, ...at, limit: PER_PAGE + 1 })
  }
  const more = rows.length > PER_PAGE
  const shown = !more ? rows : at.toward === 'older' ? rows.slice(0, PER_PAGE) : rows.slice(1)
  const cursor = (row: (typeof rows)[number] | undefined) => (row ? { createdAt: row.createdAt, id: row.id } : null)
  const newer = (at.toward === 'newer' ? more : at.from !== null) ? cursor(shown[0]) : null
  const older = (at.toward === 'older' ? more : at.from !== null) ? cursor(shown.at(-1)) : null
  const where = at.from ? `${at.toward} than ${new Date(at.from.createdAt).toISOString()}` : at.toward === 'newer' ? 'oldest' : ''
  await recordActivity(ctx.store, ctx.now(), person.email, 'viewed-leads', site.id, where)
  return { total, newer, older, leads: shown.map(leadView), retentionDays: ctx.services.leadRetentionDays }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return resendFromForm(context.console, request, params.siteId)
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = matches.find((m) => m?.id === 'routes/site')?.loaderData as Awaited<ReturnType<typeof siteLoader>> | undefined
  return [{ title: `Leads · ${site?.site.name ?? 'Site'} · Console` }]
}

export default function SiteLeads({ loaderData }: Route.ComponentProps) {
  const { total, newer, older, leads, retentionDays } = loaderData
  const layout = useRouteLoaderData<typeof siteLoader>('routes/site')
  const [query] = useSearchParams()
  const base = `/sites/${encodeURIComponent(layout?.site.id ?? '')}`
  return (
    <section aria-labelledby="leads-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="leads-heading">
          Leads <span className="muted font-normal">({formatNumber(total)})</span>
        </h2>
        {layout?.mayExport && total ? (
          <a className="button-quiet" href={`${base}/leads.csv`} download>
            Export CSV
          </a>
        ) : null}
      </div>
      <p className="muted text-sm">
        {retentionDays
          ? `Leads are kept ${retentionDays} days, then erased (LEAD_RETENTION_DAYS); each keeps its time and site.`
          : 'Leads are kept until erased: no retention period is set (LEAD_RETENTION_DAYS).'}
      </p>
      {leads.length ? (
        <ol className="mt-3 grid gap-3">
          {leads.map((lead) => (
            <li key={lead.id} className="card grid gap-2 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
              <div className="min-w-0">
                <h3 className="font-semibold break-words">
                  {lead.erased ? (
                    <span className="muted">{`Lead ${lead.erased}`}</span>
                  ) : (
                    <Link to={`${base}/leads/${lead.id}`}>
                      {lead.typed.firstName} {lead.typed.lastName}
                    </Link>
                  )}
                </h3>
                <p className="muted text-sm">
                  <time dateTime={new Date(lead.createdAt).toISOString()}>{formatTime(lead.createdAt, layout?.site.timeZone)}</time>
                  {lead.typed.service ? ` · ${lead.typed.service}` : ''}
                </p>
                <p className="text-sm break-words" hidden={Boolean(lead.erased)}>
                  <a href={`mailto:${lead.typed.email}`} className="link-target">
                    {lead.typed.email}
                  </a>{' '}
                  ·{' '}
                  <a href={`tel:${lead.typed.phone}`} className="link-target">
                    {lead.typed.phone}
                  </a>
                </p>
                {lead.typed.message ? (
                  <p className="mt-1 text-sm break-words whitespace-pre-line line-clamp-3">{lead.typed.message}</p>
                ) : null}
              </div>
              <div className="grid content-start gap-2">
                <DeliveryStates deliveries={lead.deliveries} timeZone={layout?.site.timeZone} />
                {layout?.mayResend && lead.resendable.length ? <ResendButton leadId={lead.id} /> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 card">No leads yet. Each estimate request the site receives appears here at once.</p>
      )}
      <KeysetPagination newer={newer} older={older} query={query} label="Pages of leads" />
    </section>
  )
}
