import { Form, useActionData } from 'react-router'
import type { Route } from './+types/visitor-data'
import { readForm, requireAgency } from '#server/console/authorize.server.ts'
import { visitorAction } from '#server/console/visitor-data-page.server.ts'
import { formatTime } from '../parts/format.ts'

/** Data held about a visitor (issue 44): find every lead of an address or phone, give it to them as JSON, erase it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAgency(context.console, request)
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const { person } = await requireAgency(context.console, request)
  const answer = await visitorAction(context.console, person, await readForm(request))
  return 'download' in answer ? { error: 'Download the JSON with its own button.' } : answer
}

export const meta: Route.MetaFunction = () => [{ title: 'Data held about a visitor · Console' }]

export default function VisitorData() {
  const answer = useActionData<typeof action>()
  const found = answer && 'found' in answer ? answer : null
  return (
    <>
      <h1>Data held about a visitor</h1>
      <p className="mt-1 muted">
        When a visitor asks what you hold about them, or asks you to delete it: every lead of the sites you see that holds their email
        address or phone number.
      </p>
      <Form method="post" className="card mt-4 grid gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
        <input type="hidden" name="intent" value="find" />
        <div>
          <label htmlFor="subject" className="block font-semibold">
            Email address or phone number
          </label>
          <input id="subject" name="subject" required autoComplete="off" className="field mt-1" defaultValue={found?.found ?? ''} />
        </div>
        <button type="submit" className="button">
          Find
        </button>
      </Form>
      {answer && 'error' in answer ? (
        <p role="alert" className="card mt-4 font-semibold">
          {answer.error}
        </p>
      ) : null}
      {answer && 'erased' in answer ? (
        <p role="status" className="card mt-4 font-semibold">
          {`Erased ${answer.erased} lead(s); ${answer.cancelled} delivery(ies) not sent yet were cancelled. Each keeps its site and time, marked “erased on request”.`}
        </p>
      ) : null}
      {found ? <Found subject={found.found} report={found.report} /> : null}
    </>
  )
}

type Report = Extract<NonNullable<ReturnType<typeof useActionData<typeof action>>>, { found: string }>['report']

function Found({ subject, report }: { subject: string; report: Report }) {
  if (report.leads.length === 0) return <p className="card mt-4">No lead holds this address or phone.</p>
  return (
    <section className="mt-6" aria-labelledby="found-heading">
      <h2 id="found-heading">{`${report.leads.length} lead(s) hold it`}</h2>
      <ul className="mt-2 grid gap-3">
        {report.leads.map((lead) => (
          <li key={lead.id} className="card">
            <p className="font-semibold break-words">
              {lead.fields.firstName} {lead.fields.lastName} · site {lead.site}
            </p>
            <p className="text-sm muted">
              {formatTime(lead.receivedAt)} · {lead.deliveries.map((d) => `${d.kind} ${d.state}`).join(', ')}
            </p>
            <p className="text-sm break-words">
              {lead.fields.email} · {lead.fields.phone} · {lead.fields.address}
            </p>
          </li>
        ))}
      </ul>
      <Form method="post" action="/visitor-data/json" reloadDocument className="mt-4">
        <input type="hidden" name="subject" value={subject} />
        <button type="submit" className="button-quiet">
          Download as JSON (for the visitor)
        </button>
      </Form>
      <Form method="post" className="card mt-4 grid gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="subject" value={subject} />
        <div>
          <label htmlFor="confirm" className="block font-semibold">
            To erase these leads, type {subject} again
          </label>
          <input id="confirm" name="confirm" required autoComplete="off" className="field mt-1" />
        </div>
        <button type="submit" className="button">
          Erase these leads
        </button>
      </Form>
    </section>
  )
}
