import { Form, Link, useSearchParams } from 'react-router'
import type { Route } from './+types/sites'
import { requirePerson, visibleSites } from '#server/console/authorize.server.ts'
import {
  fleetOrigins,
  siteResults,
  siteSummaries,
  type MonthFigure,
  type SiteResults,
  type SiteSummary,
} from '#server/console/site-summaries.server.ts'
import { VisitorsChart } from '../parts/visitors-chart.tsx'
import { Pagination, pageOf } from '../parts/pagination.tsx'
import { age, formatNumber, formatTime } from '../parts/format.ts'
import { sitesFileOf } from '#server/console/site-forms.server.ts'
import { SitesFileNotice } from '../parts/site-fields.tsx'

const PER_PAGE = 50
const FILTERS = { all: 'All sites', attention: 'Needs attention', leads: 'Leads waiting or failed' } as const
type Filter = keyof typeof FILTERS

/** Every site the person sees, with its health; a search (id, name, host) and a filter narrow it, 50 to a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { person } = await requirePerson(ctx, request)
  const query = new URL(request.url).searchParams
  const q = (query.get('q') ?? '').trim().toLowerCase().slice(0, 100)
  const filter: Filter = (Object.keys(FILTERS) as Filter[]).find((f) => f === query.get('filter')) ?? 'all'
  const sites = visibleSites(ctx, person)
  const searched = q ? sites.filter((s) => [s.id, s.summary().name, ...s.config.hosts].some((v) => v.toLowerCase().includes(q))) : sites
  const now = ctx.now()
  const summaries = (await siteSummaries(ctx.services, searched, now))
    .filter(
      (s) => filter === 'all' || (filter === 'attention' ? s.attention.length > 0 : s.leads.waiting + s.leads.failed + s.leads.held > 0),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
  const pages = Math.max(1, Math.ceil(summaries.length / PER_PAGE))
  const page = pageOf(query, pages)
  const shown = summaries.slice((page - 1) * PER_PAGE, page * PER_PAGE)
  // Results only for the sites this page shows: 50 sites' two months, not every site's.
  const results = await siteResults(
    ctx.services,
    shown.map((s) => searched.find((site) => site.id === s.id)!),
    now,
  )
  return {
    total: sites.length,
    found: summaries.length,
    q,
    filter,
    page,
    pages,
    now,
    sites: shown.map((summary) => ({ ...summary, ...results.get(summary.id)! })),
    // The fleet is the agency's business, not a contractor's.
    fleet: person.role === 'contractor' ? null : fleetOrigins(ctx.services, ctx.services.sites()),
    file: sitesFileOf(ctx),
    mayAdd: person.role === 'admin' && sitesFileOf(ctx) === null,
    // Just removed (Settings' Remove): said once, with the way back.
    removed: person.role === 'admin' ? (query.get('removed')?.slice(0, 100) ?? null) : null,
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Sites · Console' }]

export default function Sites({ loaderData }: Route.ComponentProps) {
  const { sites, total, found, q, filter, page, pages, now, fleet, file, mayAdd, removed } = loaderData
  const [query] = useSearchParams()
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1>Sites</h1>
        {mayAdd ? (
          <Link to="/new-site" className="button">
            Add a site
          </Link>
        ) : null}
      </div>
      <p className="mt-1 muted">
        {total === 1 ? 'One site' : `${formatNumber(total)} sites`}: each site’s record, leads and visitors at a glance.
      </p>
      <SitesFileNotice file={file} />
      {removed ? (
        <p role="status" className="card mt-4 border-green-700">
          Site {removed} is removed: its hosts answer 404 and its leads stay.{' '}
          <Link to={`/sites/${encodeURIComponent(removed)}/history`}>Its history</Link> can restore it.
        </p>
      ) : null}
      {total > 1 ? (
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search">
          <div className="min-w-56 flex-1">
            <label htmlFor="site-search" className="block font-semibold">
              Search
            </label>
            <input id="site-search" name="q" type="search" defaultValue={q} placeholder="Name, id or host" className="field mt-1" />
          </div>
          <div>
            <label htmlFor="site-filter" className="block font-semibold">
              Show
            </label>
            <select id="site-filter" name="filter" defaultValue={filter} className="field mt-1">
              {Object.entries(FILTERS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            Show sites
          </button>
        </Form>
      ) : null}
      <p className="mt-4" role="status">
        {found === total && filter === 'all' && !q ? '' : `${formatNumber(found)} of ${formatNumber(total)} sites match.`}
      </p>
      {sites.length ? (
        <ul className="mt-2 grid gap-3">
          {sites.map((site) => (
            <SiteRow key={site.id} site={site} now={now} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 card">No site matches. Clear the search or show all sites.</p>
      )}
      <Pagination page={page} pages={pages} query={query} label="Pages of sites" />
      {fleet ? <FleetOrigins fleet={fleet} now={now} /> : null}
    </>
  )
}

/** A site no visitor asked this origin for since it was added or since start, with no copy here or in the fleet. */
const NOT_READ = 'not read yet on this origin: its next visit fetches it'
const SOURCE_WORDS: Record<string, string> = {
  provider: 'from the provider',
  fleet: 'from the fleet’s copy',
  disk: 'from the last good copy on disk',
  empty: 'no record yet',
}

function SiteRow({ site, now }: { site: SiteSummary & SiteResults; now: number }) {
  const base = `/sites/${encodeURIComponent(site.id)}`
  const { record, report, leads } = site
  return (
    <li className="card grid gap-3 md:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
      <div className="min-w-0">
        <h2 className="break-words">
          <Link to={`${base}/leads`}>{site.name}</Link>
        </h2>
        <p className="muted text-sm break-all">
          {site.id}
          {site.hosts.length ? ` · ${site.hosts.join(', ')}` : ''}
        </p>
        <p className="mt-1 text-sm">
          Record {record.source === 'empty' && !site.held ? NOT_READ : (SOURCE_WORDS[record.source] ?? record.source)}
          {record.fetchedAt ? (
            <>
              , fetched <time dateTime={record.fetchedAt}>{age(record.fetchedAt, now)}</time>
              {record.fetchedBy ? ` by ${record.fetchedBy}` : ''}
            </>
          ) : null}
          .
        </p>
        <p className="text-sm">
          <Link to={`${base}/record`}>Record report</Link>:{' '}
          {report
            ? `${report.hidden} hidden, ${report.adjusted} adjusted, ${report.refused} refused, ${report.imagesFailed} pictures failed.`
            : 'made when the site is next visited (or opened here).'}
        </p>
        {site.attention.length ? (
          <ul className="mt-1 list-disc pl-5 text-sm text-red-800">
            {site.attention.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="muted">Leads, last 7 days</dt>
        <dd className="font-semibold">{leads.lastWeek}</dd>
        <dt className="muted">Deliveries waiting</dt>
        <dd className="font-semibold">{leads.waiting}</dd>
        <dt className="muted">Deliveries failed or held</dt>
        <dd className={leads.failed + leads.held ? 'font-semibold text-red-800' : 'font-semibold'}>{leads.failed + leads.held}</dd>
      </dl>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="muted">Visitors this month</dt>
        <dd>
          <Figure figure={site.visitors} />
        </dd>
        <dt className="muted">Estimate requests</dt>
        <dd>
          <Figure figure={site.estimates} />
        </dd>
        <dt className="sr-only">Visitors per day</dt>
        <dd className="col-span-2">
          <Link to={`${base}/results`} aria-label={`Results of ${site.name}`} className="inline-block">
            <VisitorsChart days={site.days} label={site.name} />
          </Link>
        </dd>
      </dl>
      <nav aria-label={`Parts of ${site.name}`} className="flex flex-wrap content-start gap-2 md:flex-col">
        <Link className="button-quiet" to={`${base}/leads`}>
          Leads
        </Link>
        <Link className="button-quiet" to={`${base}/results`}>
          Results
        </Link>
        <Link className="button-quiet" to={`${base}/record`}>
          Record
        </Link>
        <Link className="button-quiet" to={`${base}/settings`}>
          Settings
        </Link>
      </nav>
    </li>
  )
}

/** "120 (98 by this day last month)". */
function Figure({ figure }: { figure: MonthFigure }) {
  const trend = figure.month > figure.previous ? 'up' : figure.month < figure.previous ? 'down' : 'same'
  return (
    <span>
      <strong>{formatNumber(figure.month)}</strong>{' '}
      <span className="muted">
        ({trend === 'up' ? '▲' : trend === 'down' ? '▼' : '='} {formatNumber(figure.previous)} by this day last month)
      </span>
    </span>
  )
}

function FleetOrigins({ fleet, now }: { fleet: NonNullable<Route.ComponentProps['loaderData']['fleet']>; now: number }) {
  const mode =
    fleet.mode === 'single'
      ? 'One origin with its own storage (SQLite): it fetches every record itself.'
      : fleet.mode === 'on'
        ? 'Several origins share PostgreSQL: one fetches each record and the others serve its copy.'
        : 'The database does not answer: this origin fetches its records itself until it is back.'
  return (
    <section className="mt-8" aria-labelledby="origins">
      <h2 id="origins">Origins</h2>
      <p className="mt-1 muted">{mode}</p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {fleet.origins.map((origin) => (
          <li key={origin.name} className="card text-sm">
            <p className="font-semibold break-all">
              {origin.name}
              {origin.here ? ' (this origin)' : ''}
            </p>
            <p>
              Fetched {origin.sites} site record(s)
              {origin.lastFetchAt ? (
                <>
                  , last{' '}
                  <time dateTime={origin.lastFetchAt} title={formatTime(origin.lastFetchAt)}>
                    {age(origin.lastFetchAt, now)}
                  </time>
                </>
              ) : null}
              .
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
