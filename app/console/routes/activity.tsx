import { Form, useSearchParams } from 'react-router'
import type { Route } from './+types/activity'
import { requireAdmin } from '#server/console/authorize.server.ts'
import { ACTIVITY_ACTIONS, type ActivityAction } from '#server/storage/console-storage.ts'
import { formatTime } from '../parts/format.ts'
import { SiteIdList } from '../parts/site-id-list.tsx'

const PER_PAGE = 50
const ACTION_WORDS: Record<ActivityAction, string> = {
  'signed-in': 'signed in',
  'signed-out': 'signed out',
  'session-ended': 'ended a session',
  'viewed-leads': 'viewed the leads',
  'viewed-lead': 'viewed a lead',
  'exported-leads': 'exported the leads',
  'resent-lead': 'resent a lead',
  'shared-results': 'made the results’ share link',
  'ended-share-link': 'ended the results’ share link',
  invited: 'invited',
  joined: 'joined (invitation used)',
  'changed-access': 'changed access',
  revoked: 'revoked',
  'ended-invitation': 'ended an invitation',
  'passkey-added': 'added a passkey',
  'passkey-removed': 'removed a passkey',
  'looked-up-visitor': 'looked up a visitor’s data',
  'erased-visitor-data': 'erased a visitor’s data',
  'added-site': 'added a site',
  'changed-site': 'changed a site',
  'removed-site': 'removed a site',
  'restored-site': 'restored a site’s version',
  'created-token': 'made an API token',
  'ended-token': 'ended an API token',
  're-enabled-destination': 're-enabled a lead destination',
  'added-webhook': 'added a webhook',
  'rotated-webhook': 'rotated a webhook’s secret',
  'tested-webhook': 'sent a test delivery to a webhook',
}

/** Who did what (admins only): sign-ins, who viewed or exported which site's leads, who resent what; kept 13 months. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.console
  await requireAdmin(ctx, request)
  const query = new URL(request.url).searchParams
  const text = (name: string) => query.get(name)?.trim().slice(0, 200) || undefined
  const action = ACTIVITY_ACTIONS.find((a) => a === query.get('action'))
  const before = Number(query.get('before'))
  const entries = await ctx.store.activity({
    email: text('person')?.toLowerCase(),
    site: text('site'),
    action,
    beforeId: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    limit: PER_PAGE + 1,
  })
  return {
    entries: entries.slice(0, PER_PAGE),
    older: entries.length > PER_PAGE ? entries[PER_PAGE - 1]!.id : null,
    people: (await ctx.store.people()).map((p) => p.email),
    sites: ctx.services.sites().map((s) => s.id),
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Activity · Console' }]

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entries, older, people, sites } = loaderData
  const [query] = useSearchParams()
  const olderQuery = new URLSearchParams(query)
  if (older) olderQuery.set('before', String(older))
  return (
    <>
      <h1>Activity</h1>
      <p className="mt-1 muted">Who signed in, who viewed or exported which site’s leads, who resent what. Kept 13 months.</p>
      <Form method="get" className="card mt-4 grid gap-3 md:grid-cols-[repeat(3,minmax(0,1fr))_auto] md:items-end">
        <div>
          <label htmlFor="filter-person" className="block font-semibold">
            Person
          </label>
          <input id="filter-person" name="person" list="people" defaultValue={query.get('person') ?? ''} className="field mt-1" />
          <datalist id="people">
            {people.map((email) => (
              <option key={email} value={email} />
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor="filter-site" className="block font-semibold">
            Site
          </label>
          <input id="filter-site" name="site" list="site-list" defaultValue={query.get('site') ?? ''} className="field mt-1" />
          <SiteIdList id="site-list" sites={sites} />
        </div>
        <div>
          <label htmlFor="filter-action" className="block font-semibold">
            What
          </label>
          <select id="filter-action" name="action" defaultValue={query.get('action') ?? ''} className="field mt-1">
            <option value="">Anything</option>
            {ACTIVITY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_WORDS[a]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Filter
        </button>
      </Form>
      {entries.length ? (
        <ol className="mt-4 grid gap-2">
          {entries.map((e) => (
            <li key={e.id} className="card grid gap-1 py-3 text-sm md:grid-cols-[13rem_minmax(0,1fr)]">
              <time className="muted" dateTime={new Date(e.at).toISOString()}>
                {formatTime(e.at)}
              </time>
              <p className="break-words">
                <strong>{e.email}</strong> {ACTION_WORDS[e.action] ?? e.action}
                {e.site ? (
                  <>
                    {' '}
                    of <a href={`/sites/${encodeURIComponent(e.site)}/leads`}>{e.site}</a>
                  </>
                ) : null}
                {e.detail ? <span className="muted"> · {e.detail}</span> : null}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="card mt-4">Nothing matches.</p>
      )}
      {older ? (
        <p className="mt-4">
          <a className="button-quiet" href={`?${olderQuery}`}>
            Older
          </a>
        </p>
      ) : null}
    </>
  )
}
