import { Link, NavLink, Outlet } from 'react-router'
import type { Route } from './+types/site'
import { may, requireSiteAccess } from '#server/console/authorize.server.ts'
import { siteTroubles } from '#server/console/destination-troubles.server.ts'
import { DestinationTroubles } from '../parts/destination-troubles.tsx'

/** A site: its name, and its parts as tabs (Leads, Results, Record); every part checks access again itself. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { site, person } = await requireSiteAccess(context.console, request, params.siteId, 'read')
  return {
    site: {
      id: site.id,
      name: site.pageSnapshot().record.dbPrincipal.name || site.id,
      hosts: site.config.hosts,
      timeZone: site.config.timeZone,
    },
    mayExport: may(person, 'export'),
    mayResend: may(person, 'resend'),
    troubles: await siteTroubles(context.console, site),
  }
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center border-b-4 px-4 font-semibold no-underline ${isActive ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-800'}`

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { site, troubles, mayResend } = loaderData
  const base = `/sites/${encodeURIComponent(site.id)}`
  return (
    <>
      <p className="text-sm">
        <Link to="/sites">Sites</Link> <span aria-hidden="true">/</span> <span className="muted">{site.id}</span>
      </p>
      <h1 className="mt-1 break-words">{site.name}</h1>
      {site.hosts.length ? <p className="muted text-sm break-all">{site.hosts.join(', ')}</p> : null}
      <DestinationTroubles troubles={troubles} action={base} mayReenable={mayResend} />
      <nav aria-label={`Parts of ${site.name}`} className="mt-4 flex flex-wrap border-b border-slate-300">
        <NavLink to={`${base}/leads`} className={tabClass}>
          Leads
        </NavLink>
        <NavLink to={`${base}/results`} className={tabClass}>
          Results
        </NavLink>
        <NavLink to={`${base}/record`} className={tabClass}>
          Record
        </NavLink>
        <NavLink to={`${base}/settings`} className={tabClass}>
          Settings
        </NavLink>
        <NavLink to={`${base}/history`} className={tabClass}>
          History
        </NavLink>
        {mayResend ? (
          <NavLink to={`${base}/webhooks`} className={tabClass}>
            Webhooks
          </NavLink>
        ) : null}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </>
  )
}
