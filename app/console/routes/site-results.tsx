import { Form, useFetcher } from 'react-router'
import type { Route } from './+types/site-results'
import { may, readForm, requireSiteAccess } from '#server/console/authorize.server.ts'
import { recordActivity } from '#server/console/people.server.ts'
import { resultMonths } from '#server/console/report-documents.server.ts'
import { currentShareLink, shareLink } from '#server/results/share-link.server.ts'
import { ReportFrame } from '../parts/report-frame.tsx'

const MONTH_NAME = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const monthName = (month: string) => MONTH_NAME.format(new Date(`${month}-01T12:00:00Z`))

/** What the site brought in, month by month (the site's own days): the page `npm run results` writes, framed. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site, person } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  const months = resultMonths(site, ctx.now())
  const asked = new URL(request.url).searchParams.get('month')
  const month = asked && months.includes(asked) ? asked : months[0]!
  return {
    siteId: site.id,
    name: site.pageSnapshot().record.dbPrincipal.name || site.id,
    months,
    month,
    // The read-only link to the site's reports (issue 37): everyone who reads the site sees it; staff and admins make or end it.
    shareLink: await currentShareLink(ctx.services.storage.results, site.config),
    mayShare: may(person, 'export'),
  }
}

/** Makes the site's share link, or ends it (every link given out stops working within seconds, on every origin). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.console
  const { site, person } = await requireSiteAccess(ctx, request, params.siteId, 'export')
  const { results } = ctx.services.storage
  const intent = (await readForm(request)).get('intent')
  if (intent === 'share') {
    await shareLink(results, site.config, ctx.now())
    await recordActivity(ctx.store, ctx.now(), person.email, 'shared-results', site.id, '')
  } else if (intent === 'end-share') {
    if (await results.revokeShareToken(site.id)) await recordActivity(ctx.store, ctx.now(), person.email, 'ended-share-link', site.id, '')
  } else throw new Response('Unknown action.', { status: 400 })
  return { done: intent }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Results · ${data.name} · Console` : 'Results · Console' }]

/** The share link: shown to copy; made or ended by staff and admins. */
function ShareLink({ link, mayShare }: { link: string | null; mayShare: boolean }) {
  const fetcher = useFetcher<typeof action>()
  const busy = fetcher.state !== 'idle'
  return (
    <section aria-labelledby="share-heading" className="card mt-4">
      <h3 id="share-heading" className="font-semibold">
        Share link
      </h3>
      {link ? (
        <>
          <p className="mt-1 text-sm">Anyone with this link sees the site’s monthly reports, read-only, without an account:</p>
          <p className="mt-1 text-sm break-all">
            <a href={link} target="_blank" rel="noopener noreferrer" className="link-target">
              {link}
            </a>
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm">No share link yet: the reports are seen here and in the monthly email only.</p>
      )}
      {mayShare ? (
        <fetcher.Form method="post" className="mt-2">
          <button type="submit" name="intent" value={link ? 'end-share' : 'share'} className="button-quiet" disabled={busy}>
            {link ? 'End this link' : 'Make a share link'}
          </button>
        </fetcher.Form>
      ) : null}
    </section>
  )
}

export default function SiteResults({ loaderData }: Route.ComponentProps) {
  const { siteId, name, months, month, shareLink: link, mayShare } = loaderData
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading">Results of {monthName(month)}</h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="month" className="block font-semibold">
            Month
          </label>
          <select id="month" name="month" defaultValue={month} className="field mt-1">
            {months.map((m) => (
              <option key={m} value={m}>
                {monthName(m)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Show month
        </button>
      </Form>
      <ReportFrame
        src={`/sites/${encodeURIComponent(siteId)}/results/report?month=${month}`}
        title={`What the website of ${name} brought in: ${monthName(month)}`}
      />
      <ShareLink link={link} mayShare={mayShare} />
    </section>
  )
}
