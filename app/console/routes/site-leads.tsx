import { Link, useRouteLoaderData, useSearchParams } from 'react-router'
import type { Route } from './+types/site-leads'
import { requireSiteAccess } from '#server/console/authorize.server.ts'
import { leadView, resendFromForm } from '#server/console/lead-deliveries.server.ts'
import { recordActivity } from '#server/console/people.server.ts'
import { DeliveryStates } from '../parts/delivery-states.tsx'
import { Pagination, pageOf } from '../parts/pagination.tsx'
import { ResendButton } from '../parts/resend-button.tsx'
import { formatNumber, formatTime } from '../parts/format.ts'
import type { loader as siteLoader } from './site.tsx'

const PER_PAGE = 25

/** A site's leads, newest first, 25 to a page: what each visitor typed and where it went. Each view is in the activity log. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site, person } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  const { leads } = ctx.services.storage
  const total = (await leads.leadsSince(0, site.id))[0]?.count ?? 0
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))
  const page = pageOf(new URL(request.url).searchParams, pages)
  const rows = await leads.listLeads({ site: site.id, limit: PER_PAGE, offset: (page - 1) * PER_PAGE })
  await recordActivity(ctx.store, ctx.now(), person.email, 'viewed-leads', site.id, page > 1 ? `page ${page}` : '')
  return { total, page, pages, leads: rows.map(leadView), retentionDays: ctx.services.leadRetentionDays }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return resendFromForm(context.console, request, params.siteId)
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = matches.find((m) => m?.id === 'routes/site')?.loaderData as Awaited<ReturnType<typeof siteLoader>> | undefined
  return [{ title: `Leads · ${site?.site.name ?? 'Site'} · Console` }]
}

export default function SiteLeads({ loaderData }: Route.ComponentProps) {
  const { total, page, pages, leads, retentionDays } = loaderData
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
      <Pagination page={page} pages={pages} query={query} label="Pages of leads" />
    </section>
  )
}
