import { Link, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/site-lead'
import { requireSiteAccess } from '#server/console/authorize.server.ts'
import { leadView, resendFromForm, siteLead } from '#server/console/lead-deliveries.server.ts'
import { recordActivity } from '#server/console/people.server.ts'
import { DeliveryStates } from '../parts/delivery-states.tsx'
import { ResendButton } from '../parts/resend-button.tsx'
import { formatTime } from '../parts/format.ts'
import type { loader as siteLoader } from './site.tsx'

/** One lead, all of it: a lead of another site (or none) by this address is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site, person } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  const lead = await siteLead(ctx, site, params.leadId)
  await recordActivity(ctx.store, ctx.now(), person.email, 'viewed-lead', site.id, lead.id)
  return { lead: leadView(lead) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return resendFromForm(context.console, request, params.siteId)
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Lead from ${data.lead.typed.firstName} ${data.lead.typed.lastName} · Console` : 'Lead · Console' },
]

const CONTACT_WAYS: Record<string, string> = { phone: 'a phone call', email: 'an email' }

export default function SiteLead({ loaderData }: Route.ComponentProps) {
  const { lead } = loaderData
  const layout = useRouteLoaderData<typeof siteLoader>('routes/site')
  const { typed } = lead
  const fields: [string, React.ReactNode][] = [
    ['Received', <time dateTime={new Date(lead.createdAt).toISOString()}>{formatTime(lead.createdAt, layout?.site.timeZone)}</time>],
    [
      'Email',
      <a href={`mailto:${typed.email}`} className="link-target">
        {typed.email}
      </a>,
    ],
    [
      'Phone',
      <a href={`tel:${typed.phone}`} className="link-target">
        {typed.phone}
      </a>,
    ],
    ['Address', typed.address || '—'],
    ['Service', typed.service || '—'],
    ['Came from', lead.cameFrom ?? 'not known'],
    ['Best way to reach them', typed.contactWays.map((w) => CONTACT_WAYS[w] ?? w).join(' or ') || 'not said'],
    ['Message', typed.message || '—'],
  ]
  return (
    <article aria-labelledby="lead-heading">
      <p className="text-sm">
        <Link to={`/sites/${encodeURIComponent(layout?.site.id ?? '')}/leads`} className="link-target">
          All leads
        </Link>
      </p>
      <h2 id="lead-heading" className="mt-2 break-words">
        {loaderData.lead.erased ? `Lead ${loaderData.lead.erased}` : `${typed.firstName} ${typed.lastName}`}
      </h2>
      <dl className="card mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
        {fields.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold">{term}</dt>
            <dd className="break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 font-semibold">Where it went</h3>
      <div className="card mt-2 grid gap-3">
        <DeliveryStates deliveries={lead.deliveries} timeZone={layout?.site.timeZone} />
        {layout?.mayResend ? lead.resendable.map((kind) => <ResendButton key={kind} leadId={lead.id} kind={kind} />) : null}
      </div>
    </article>
  )
}
