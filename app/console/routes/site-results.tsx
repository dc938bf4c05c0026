import { Form } from 'react-router'
import type { Route } from './+types/site-results'
import { requireSiteAccess } from '#server/console/authorize.server.ts'
import { resultMonths } from '#server/console/report-documents.server.ts'
import { ReportFrame } from '../parts/report-frame.tsx'

const MONTH_NAME = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const monthName = (month: string) => MONTH_NAME.format(new Date(`${month}-01T12:00:00Z`))

/** What the site brought in, month by month (the site's own days): the page `npm run results` writes, framed. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  const months = resultMonths(site, ctx.now())
  const asked = new URL(request.url).searchParams.get('month')
  const month = asked && months.includes(asked) ? asked : months[0]!
  return { siteId: site.id, name: site.pageSnapshot().record.dbPrincipal.name || site.id, months, month }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Results · ${data.name} · Console` : 'Results · Console' }]

export default function SiteResults({ loaderData }: Route.ComponentProps) {
  const { siteId, name, months, month } = loaderData
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
    </section>
  )
}
