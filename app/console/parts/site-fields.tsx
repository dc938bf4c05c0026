import { useEffect, useRef } from 'react'
import type { SiteFormProblems, SiteFormValues } from '#server/console/site-forms.server.ts'
import type { SiteField } from '#server/sites/site-fields.ts'

/**
 * A site's fields as Add a site and Settings show them (issue 42): each with its hint, and the registry's message
 * beside it when it is wrong (aria-describedby, aria-invalid); a field the person may not change is read-only.
 */

const LABELS: Record<SiteField, { label: string; hint: string }> = {
  pageId: { label: 'Page id', hint: 'The record’s id at the provider. It is the site’s id and does not change later.' },
  hosts: { label: 'Host names', hint: 'One per line, such as acme.example and www.acme.example.' },
  siteUrl: { label: 'Site address', hint: 'Optional: the address links and emails use, such as https://acme.example.' },
  pageApiUrl: { label: 'Provider', hint: 'Optional: where this contractor’s record lives, when not at the agency’s provider.' },
  timeZone: { label: 'Time zone', hint: 'The contractor’s days and months: results, reports, lead times.' },
  'leads.email': { label: 'Lead inbox', hint: 'Who receives each lead by email: one address per line, at most 10.' },
  'reports.email': { label: 'Report recipients', hint: 'Who receives last month’s results on the 1st: one address per line.' },
}

export const fieldId = (name: SiteField) => `site-${name.replace('.', '-')}`

/** Moves focus to the first wrong field when a refusal comes back (after a post without JavaScript, autoFocus does). */
export function useFocusFirstProblem(problems: SiteFormProblems | undefined, order: readonly SiteField[]) {
  const shown = useRef<SiteFormProblems | undefined>(undefined)
  useEffect(() => {
    if (!problems || shown.current === problems) return
    shown.current = problems
    const first = order.find((f) => problems.fields[f])
    if (first) document.getElementById(fieldId(first))?.focus()
  }, [problems, order])
}

type FieldProps = {
  name: SiteField
  values: SiteFormValues
  problems?: SiteFormProblems
  editable: boolean
  /** The first wrong field gets autofocus: focus lands on it when the page comes back from a post. */
  first?: boolean
  multiline?: boolean
  timeZones?: { names: string[]; fallback: string }
}

export function SiteFieldInput({ name, values, problems, editable, first, multiline, timeZones }: FieldProps) {
  const id = fieldId(name)
  const problem = problems?.fields[name]
  const { label, hint } = LABELS[name]
  const describedBy = [`${id}-hint`, problem ? `${id}-problem` : ''].filter(Boolean).join(' ')
  const common = {
    id,
    name,
    defaultValue: values[name],
    autoFocus: first && !!problem,
    'aria-describedby': describedBy,
    'aria-invalid': problem ? true : undefined,
    className: `field mt-1${editable ? '' : ' bg-slate-100'}`,
  }
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
        {editable ? null : <span className="font-normal muted"> (read-only for your role)</span>}
      </label>
      <p id={`${id}-hint`} className="text-sm muted">
        {hint}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
      {timeZones && editable ? (
        <select {...common}>
          <option value="">Default: {timeZones.fallback} (SITE_TIME_ZONE)</option>
          {timeZones.names.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...common} readOnly={!editable} rows={3} className={`${common.className} py-2`} />
      ) : (
        <input {...common} readOnly={!editable} autoComplete="off" />
      )}
    </div>
  )
}

/** The refusal above the form: what was wrong, and problems no field shows (a webhook's, made on the Webhooks page). */
export function FormRefusal({ problems }: { problems?: SiteFormProblems }) {
  if (!problems) return null
  return (
    <div role="alert" className="card mt-4 border-red-700 text-red-800">
      <p className="font-semibold">{problems.error}</p>
      {Object.keys(problems.fields).length ? <p className="text-sm">Each wrong field says why, below.</p> : null}
      {problems.others.length ? (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {problems.others.map((other) => (
            <li key={other}>{other}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** The read-only notice of SITES_FILE mode, on every sites page. */
export function SitesFileNotice({ file }: { file: string | null }) {
  if (file === null) return null
  return (
    <p className="card mt-4 border-amber-600" role="note">
      These sites come from the sites file <code className="break-all">{file}</code> (SITES_FILE): the console shows them read-only. Change
      that file on every origin to change them.
    </p>
  )
}
