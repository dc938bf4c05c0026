import { Link, redirect, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/site-history'
import { notFound, readForm, requireAdmin, requirePerson, seesSite } from '#server/console/authorize.server.ts'
import { applied, formProblems, sitesFileOf } from '#server/console/site-forms.server.ts'
import { changedFields, type RegistrySite } from '#server/sites/site-registry.server.ts'
import type { SiteEntry } from '#server/sites/site-config.server.ts'
import { SitesFileNotice } from '../parts/site-fields.tsx'
import { formatTime } from '../parts/format.ts'
import { ConfirmedAction } from '../parts/confirmed-action.tsx'

/**
 * A site's History (issue 42): each version kept, who made it, when, which fields changed; an admin restores one.
 * It stays reachable for admins after the site is removed, so a removal can be undone. Values are not shown (they
 * hold addresses and webhook secrets): the fields' names are.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { person } = await requirePerson(ctx, request)
  const id = params.siteId
  const live = ctx.services.sites().some((s) => s.id === id)
  if (live ? !seesSite(person, id) : person.role !== 'admin') notFound()
  const { registry } = ctx.services
  const versions = await registry.versions(id)
  if (!live && !versions.length) notFound()
  const current: RegistrySite | undefined = (await registry.list()).find((s) => s.id === id)
  const now = JSON.stringify(current?.entry ?? null)
  const file = sitesFileOf(ctx)
  return {
    siteId: id,
    live,
    file,
    mayRestore: person.role === 'admin' && file === null,
    restored: new URL(request.url).searchParams.get('restored'),
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      at: v.at,
      by: v.by,
      kind: !v.before ? 'added' : !v.after ? 'removed' : 'changed',
      fields: v.before && v.after ? changedFields(v.before as SiteEntry, v.after as SiteEntry) : '',
      // What restoring it brings back is the site as it is now: nothing to restore.
      isNow: JSON.stringify(v.after ?? v.before) === now,
    })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.console
  const { person } = await requireAdmin(ctx, request)
  const form = await readForm(request)
  const versionId = Number(form.get('version'))
  const { registry } = ctx.services
  let restored: RegistrySite
  try {
    if (!Number.isSafeInteger(versionId)) return { error: 'Choose a version to restore.' }
    restored = await registry.restore(params.siteId, versionId, person.email)
  } catch (error) {
    return { error: formProblems(error, form).error }
  }
  await applied(ctx)
  return redirect(`/sites/${encodeURIComponent(params.siteId)}/history?restored=${restored.version}`)
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `History · ${data.siteId} · Console` : 'History · Console' }]

const KIND_WORDS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const

export default function SiteHistory({ loaderData }: Route.ComponentProps) {
  const { siteId, live, file, mayRestore, restored, versions } = loaderData
  const answer = useActionData<typeof action>()
  const navigation = useNavigation()
  const base = `/sites/${encodeURIComponent(siteId)}`
  return (
    <>
      <p className="text-sm">
        <Link to="/sites">Sites</Link> <span aria-hidden="true">/</span>{' '}
        {live ? <Link to={`${base}/settings`}>{siteId}</Link> : <span className="muted">{siteId}</span>}
      </p>
      <h1 className="mt-1 break-words">History of {siteId}</h1>
      <p className="mt-1 muted">
        {live ? 'Each change kept, newest first.' : 'This site is removed: its hosts answer 404. Restore a version to serve it again.'}
      </p>
      <SitesFileNotice file={file} />
      {answer?.error && navigation.state === 'idle' ? (
        <p role="alert" className="card mt-4 border-red-700 text-red-800">
          {answer.error}
        </p>
      ) : (
        <p role="status" className={restored ? 'card mt-4 border-green-700' : 'sr-only'}>
          {restored ? `Restored: the site is served as it was, kept as version ${restored}.` : ''}
        </p>
      )}
      {versions.length ? (
        <ol className="mt-4 grid gap-3">
          {versions.map((v) => (
            <li key={v.id} className="card">
              <h2 className="text-base">
                Version {v.version}: {KIND_WORDS[v.kind as keyof typeof KIND_WORDS]}
                {v.fields ? ` (${v.fields})` : ''}
                {v.isNow ? <span className="badge ml-2 bg-green-100 text-green-900">the site now</span> : null}
              </h2>
              <p className="text-sm">
                by <span className="break-all">{v.by}</span>, <time dateTime={new Date(v.at).toISOString()}>{formatTime(v.at)}</time>
              </p>
              {mayRestore && !v.isNow ? <RestoreVersion version={v} /> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="card mt-4">No version is stored: this site comes from {file ? 'the sites file' : 'the environment (PAGE_ID)'}.</p>
      )}
    </>
  )
}

/** Restore, confirmed: the summary opens the form that says what will happen; its button does it. */
function RestoreVersion({ version }: { version: { id: number; version: number; kind: string } }) {
  const what = version.kind === 'removed' ? 'as it was before this removal' : `as version ${version.version} left it`
  return (
    <ConfirmedAction
      className="mt-2"
      opener={`Restore version ${version.version}…`}
      fields={{ version: version.id }}
      consequence={`The site is served ${what}, on every origin at once; this is kept as a new version, so it can be undone the same way.`}
      action={`Restore version ${version.version}`}
    />
  )
}
