import { Form, Link, redirect, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/site-settings'
import { readForm, requireSiteAccess } from '#server/console/authorize.server.ts'
import {
  applied,
  confirmsRemoval,
  editableFields,
  entryFromForm,
  entryOf,
  formProblems,
  formValues,
  sitesFileOf,
} from '#server/console/site-forms.server.ts'
import { SITE_FIELDS, type SiteField } from '#server/sites/site-fields.ts'
import { FormRefusal, SiteFieldInput, SitesFileNotice, useFocusFirstProblem } from '../parts/site-fields.tsx'

/** The fields Settings shows, in order (the page id is the site's id: shown above, never changed). */
const SHOWN: readonly SiteField[] = SITE_FIELDS.filter((f) => f !== 'pageId')
const MULTILINE = new Set<SiteField>(['hosts', 'leads.email', 'reports.email'])

/** A site's settings (issue 42): what each role may change is editable, the rest read-only; admins also remove the site. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site, person } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  const entry = await entryOf(ctx, site)
  const file = sitesFileOf(ctx)
  // PAGE_ID's site (nothing stored yet) and SITES_FILE's sites are not the console's to change.
  const writable = file === null && entry !== undefined
  return {
    siteId: site.id,
    values: formValues(entry ?? { ...site.config }),
    editable: writable ? editableFields(person) : [],
    mayRemove: writable && person.role === 'admin',
    fromEnvironment: entry === undefined,
    file,
    webhooks: site.config.leads.webhooks.length,
    timeZones: { names: Intl.supportedValuesOf('timeZone'), fallback: ctx.services.env.SITE_TIME_ZONE },
    done: new URL(request.url).searchParams.get('done') === 'added' ? ('added' as const) : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.console
  const { site, person } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  const form = await readForm(request)
  const { registry } = ctx.services
  if (form.get('intent') === 'remove') {
    if (person.role !== 'admin') throw new Response('Removing a site is for admins.', { status: 403 })
    if (!confirmsRemoval(form, site.id)) return { removal: `To remove this site, type its id, ${site.id}, exactly.` }
    try {
      await registry.remove(site.id, person.email)
    } catch (error) {
      return { removal: formProblems(error, form).error }
    }
    await applied(ctx)
    return redirect(`/sites?removed=${encodeURIComponent(site.id)}`)
  }
  try {
    const current = await entryOf(ctx, site)
    await registry.replace(site.id, entryFromForm(form, current), person.email, person.role)
  } catch (error) {
    return { problems: formProblems(error, form) }
  }
  await applied(ctx)
  return { saved: true as const }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Settings · ${data.siteId} · Console` : 'Settings · Console' }]

export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const { siteId, editable, mayRemove, fromEnvironment, file, webhooks, timeZones, done } = loaderData
  const answer = useActionData<typeof action>()
  const navigation = useNavigation()
  const problems = answer && 'problems' in answer ? answer.problems : undefined
  const values = problems?.values ?? loaderData.values
  const firstWrong = SHOWN.find((f) => problems?.fields[f])
  useFocusFirstProblem(problems, SHOWN)
  const idle = navigation.state === 'idle'
  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <SitesFileNotice file={file} />
      {fromEnvironment && file === null ? (
        <p className="card mt-4" role="note">
          This site is PAGE_ID’s, from the environment: no site is stored yet. Add a site to manage sites here.
        </p>
      ) : null}
      {done === 'added' && !answer ? (
        <p role="status" className="card mt-4 border-green-700">
          Site {siteId} is added and live on its hosts.
        </p>
      ) : (
        <p role="status" className={answer && 'saved' in answer && idle ? 'card mt-4 border-green-700' : 'sr-only'}>
          {answer && 'saved' in answer && idle ? 'Saved: the site serves with these settings now, on every origin.' : ''}
        </p>
      )}
      <FormRefusal problems={idle ? problems : undefined} />
      <Form method="post" className="card mt-4 grid gap-4" noValidate>
        <input type="hidden" name="intent" value="save" />
        <p className="text-sm">
          Page id: <strong className="break-all">{siteId}</strong>
        </p>
        {SHOWN.map((name) => (
          <SiteFieldInput
            key={name}
            name={name}
            values={values}
            problems={problems}
            editable={editable.includes(name)}
            first={name === firstWrong}
            multiline={MULTILINE.has(name)}
            timeZones={name === 'timeZone' ? timeZones : undefined}
          />
        ))}
        <p className="text-sm">
          CRM webhooks ({webhooks}) are set on the{' '}
          <Link to={`/sites/${encodeURIComponent(siteId)}/webhooks`} className="link-target">
            Webhooks page
          </Link>
          .
        </p>
        {editable.length ? (
          <div>
            <button type="submit" className="button">
              Save settings
            </button>
          </div>
        ) : null}
      </Form>
      {mayRemove ? <RemoveSite siteId={siteId} problem={answer && 'removal' in answer && idle ? answer.removal : undefined} /> : null}
    </section>
  )
}

/** Remove: the id typed again; the site stops on every origin, its leads stay, and its History can bring it back. */
function RemoveSite({ siteId, problem }: { siteId: string; problem?: string }) {
  return (
    <details className="card mt-6 border-red-700" open={!!problem}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-red-800">Remove this site…</summary>
      <Form method="post" className="mt-2 grid gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
        <input type="hidden" name="intent" value="remove" />
        <p className="text-sm md:col-span-2">
          Its hosts answer 404 on every origin at once and its record is no longer fetched. Its leads stay, and its History can restore it.
        </p>
        <div>
          <label htmlFor="remove-confirm" className="block font-semibold">
            To remove this site, type its id, {siteId}
          </label>
          {problem ? (
            <p id="remove-problem" className="text-sm font-semibold text-red-800">
              {problem}
            </p>
          ) : null}
          <input
            id="remove-confirm"
            name="confirm"
            required
            autoComplete="off"
            autoFocus={!!problem}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'remove-problem' : undefined}
            className="field mt-1"
          />
        </div>
        <button type="submit" className="button-danger">
          Remove {siteId}
        </button>
      </Form>
    </details>
  )
}
