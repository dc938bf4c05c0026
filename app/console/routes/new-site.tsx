import { Form, Link, redirect, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/new-site'
import { readForm, requireAdmin } from '#server/console/authorize.server.ts'
import { applied, entryFromForm, formProblems, formValues, sitesFileOf } from '#server/console/site-forms.server.ts'
import type { SiteField } from '#server/sites/site-fields.ts'
import { previewRecord } from '#server/console/site-preview.server.ts'
import { FormRefusal, SiteFieldInput, SitesFileNotice, useFocusFirstProblem } from '../parts/site-fields.tsx'
import { ReportFrame } from '../parts/report-frame.tsx'

/** The fields in the order the page shows them: the record first (page id, provider), then where it is served and whom it tells. */
const ORDER: readonly SiteField[] = ['pageId', 'pageApiUrl', 'hosts', 'siteUrl', 'timeZone', 'leads.email', 'reports.email']
const MULTILINE = new Set<SiteField>(['hosts', 'leads.email', 'reports.email'])

/**
 * Add a site (issue 42, admins): the page id first, and what the site will do with that record (its record report,
 * fetched now, before anything is live); then hosts, time zone, lead inbox and report recipients. Creating writes through
 * the registry (a version, a line in Activity) and the site is live on every origin.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.console
  await requireAdmin(ctx, request)
  const query = new URL(request.url).searchParams
  const pageId = (query.get('pageId') ?? '').trim().slice(0, 200)
  const pageApiUrl = (query.get('pageApiUrl') ?? '').trim().slice(0, 2000)
  const preview = pageId ? await previewRecord(ctx.services, pageId, pageApiUrl, ctx.now()) : null
  return {
    file: sitesFileOf(ctx),
    values: { ...formValues(), pageId, pageApiUrl },
    preview: preview && {
      pageId: preview.pageId,
      endpoint: preview.endpoint,
      ...('error' in preview ? { error: preview.error } : { name: preview.name, counts: preview.report.counts, ok: preview.report.ok }),
    },
    frame: preview && !('error' in preview) ? `/new-site/preview?${new URLSearchParams({ pageId, pageApiUrl })}` : null,
    timeZones: { names: Intl.supportedValuesOf('timeZone'), fallback: ctx.services.env.SITE_TIME_ZONE },
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.console
  const { person } = await requireAdmin(ctx, request)
  const form = await readForm(request)
  let id: string
  try {
    id = (await ctx.services.registry.add(entryFromForm(form), person.email)).id
  } catch (error) {
    return { problems: formProblems(error, form) }
  }
  await applied(ctx)
  return redirect(`/sites/${encodeURIComponent(id)}/settings?done=added`)
}

export const meta: Route.MetaFunction = () => [{ title: 'Add a site · Console' }]

export default function NewSite({ loaderData }: Route.ComponentProps) {
  const { file, preview, frame, timeZones } = loaderData
  const answer = useActionData<typeof action>()
  const navigation = useNavigation()
  const problems = navigation.state === 'idle' ? answer?.problems : undefined
  const values = problems?.values ?? loaderData.values
  const firstWrong = ORDER.find((f) => problems?.fields[f])
  useFocusFirstProblem(problems, ORDER)
  const field = (name: SiteField) => (
    <SiteFieldInput
      name={name}
      values={values}
      problems={problems}
      editable
      first={name === firstWrong}
      multiline={MULTILINE.has(name)}
      timeZones={name === 'timeZone' ? timeZones : undefined}
    />
  )
  return (
    <>
      <p className="text-sm">
        <Link to="/sites">Sites</Link> <span aria-hidden="true">/</span> <span className="muted">Add a site</span>
      </p>
      <h1 className="mt-1">Add a site</h1>
      <SitesFileNotice file={file} />
      {file === null ? (
        <>
          <FormRefusal problems={problems} />
          <section className="card mt-4" aria-labelledby="record-step">
            <h2 id="record-step">1. The record</h2>
            <p className="mt-1 text-sm muted">See what the site will do with the record before anything is live.</p>
            <Form method="get" className="mt-3 grid gap-4">
              {field('pageId')}
              {field('pageApiUrl')}
              <div>
                <button type="submit" className="button-quiet">
                  Preview the record
                </button>
              </div>
            </Form>
          </section>
          {preview ? <Preview preview={preview} frame={frame} /> : null}
          {preview ? (
            <section className="card mt-4" aria-labelledby="serve-step">
              <h2 id="serve-step">2. Where it is served, and whom it tells</h2>
              <Form method="post" className="mt-3 grid gap-4" noValidate>
                <input type="hidden" name="pageId" value={values.pageId} />
                <input type="hidden" name="pageApiUrl" value={values.pageApiUrl} />
                {field('hosts')}
                {field('siteUrl')}
                {field('timeZone')}
                {field('leads.email')}
                {field('reports.email')}
                <p className="text-sm muted">CRM webhooks are set on the site’s Webhooks page once it is added.</p>
                <div>
                  <button type="submit" className="button">
                    Add {values.pageId} and serve it
                  </button>
                </div>
              </Form>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  )
}

function Preview({ preview, frame }: { preview: NonNullable<Route.ComponentProps['loaderData']['preview']>; frame: string | null }) {
  return (
    <section className="mt-4" aria-labelledby="preview-heading">
      <h2 id="preview-heading">What the site will do with record {preview.pageId}</h2>
      {'error' in preview ? (
        <p role="alert" className="card mt-2 border-red-700 text-red-800">
          The record could not be fetched{preview.endpoint ? ` from ${preview.endpoint}` : ''}: {preview.error}. You may still add the site:
          it is served once its first record arrives.
        </p>
      ) : (
        <p role="status" className="mt-1">
          <strong>{preview.name || 'A record without a business name'}</strong>, fetched now from{' '}
          <span className="break-all">{preview.endpoint}</span>: {preview.counts.hidden} hidden, {preview.counts.adjusted} adjusted,{' '}
          {preview.counts.refused} refused. Its pictures are fetched once the site is live.
        </p>
      )}
      {frame ? <ReportFrame src={frame} title={`Record report of ${preview.pageId}`} /> : null}
    </section>
  )
}
