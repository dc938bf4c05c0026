import type { ConsoleContext } from './console-context.ts'
import type { Person } from '../storage/console-storage.ts'
import type { Site } from '../services.server.ts'
import type { SiteEntry } from '../sites/site-config.server.ts'
import { SITE_FIELDS, type SiteField } from '../sites/site-fields.ts'
import { changeableFields } from '../sites/site-permissions.server.ts'
import { isSiteChangeError, type FieldProblem } from '../sites/site-registry.server.ts'

/**
 * The console's site forms (issue 42): Add a site, Settings, Remove, Restore. Each posts a plain form; the entry it
 * makes goes through the registry, which checks it with SITES_FILE's schema and the role's rule
 * (server/sites/site-permissions.server.ts) and keeps the version. What comes back names each wrong field for the form.
 */

export type SiteFormValues = Record<SiteField, string>

/** A refusal as the form shows it: the message at each wrong field, the rest (a webhook's) above the form, the values sent. */
export type SiteFormProblems = { error: string; fields: Partial<Record<SiteField, string>>; others: string[]; values: SiteFormValues }

/** The field a problem's path (`hosts[0]`, `leads.email[1]`) belongs to, if the form has it. */
const fieldOf = (path: string): SiteField | undefined =>
  SITE_FIELDS.find((f) => path === f || path.startsWith(`${f}[`) || path.startsWith(`${f}.`))

/** What the fields show for an entry (a new site: empty); lists one to a line. */
export const formValues = (entry?: SiteEntry): SiteFormValues => ({
  pageId: entry?.pageId ?? '',
  hosts: entry?.hosts.join('\n') ?? '',
  siteUrl: entry?.siteUrl ?? '',
  pageApiUrl: entry?.pageApiUrl ?? '',
  timeZone: entry?.timeZone ?? '',
  'leads.email': entry?.leads?.email.join('\n') ?? '',
  'reports.email': entry?.reports?.email.join('\n') ?? '',
})

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}
const sentValues = (form: FormData) => Object.fromEntries(SITE_FIELDS.map((f) => [f, text(form, f)])) as SiteFormValues

/** A list field: one item to a line (commas and spaces also part them). */
const listOf = (value: string) => value.split(/[\s,;]+/).filter(Boolean)

/**
 * The entry a form makes, on top of the site's current one (its webhooks stay; a field left empty goes). Values are
 * passed as typed: the registry's schema judges them, with the messages SITES_FILE gets.
 */
export function entryFromForm(form: FormData, current?: SiteEntry): Record<string, unknown> {
  const values = sentValues(form)
  const entry: Record<string, unknown> = current ? structuredClone(current) : {}
  entry.pageId = current ? current.pageId : values.pageId
  entry.hosts = listOf(values.hosts)
  for (const key of ['siteUrl', 'pageApiUrl', 'timeZone'] as const) {
    if (values[key]) entry[key] = values[key]
    else delete entry[key]
  }
  for (const part of ['leads', 'reports'] as const) {
    const email = listOf(values[`${part}.email`])
    // An entry without the part keeps none while the list is empty: saving an unchanged form changes nothing.
    if (email.length || entry[part]) entry[part] = { ...(entry[part] as object | undefined), email }
  }
  return entry
}

/** Which fields a person may change on a site's Settings: the rest are shown read-only (and the registry refuses them). */
export function editableFields(person: Person): SiteField[] {
  const allowed = changeableFields(person.role)
  const editable = SITE_FIELDS.filter((f) => f !== 'pageId')
  return allowed === 'all' ? editable : editable.filter((f) => allowed.some((a) => f === a || f.startsWith(`${a}.`)))
}

/** A registry refusal as the form shows it; anything else is not the sender's mistake and is thrown on. */
export function formProblems(error: unknown, form: FormData): SiteFormProblems {
  if (!isSiteChangeError(error)) throw error
  const fields: Partial<Record<SiteField, string>> = {}
  const others: string[] = []
  const problems: FieldProblem[] = error.refused ? [{ path: error.refused, message: error.message }] : error.fields
  for (const { path, message } of problems) {
    const field = fieldOf(path)
    if (field)
      fields[field] = fields[field] ? `${fields[field]}; ${path}: ${message}` : path.includes('[') ? `${path}: ${message}` : message
    else others.push(`${path}: ${message}`)
  }
  const said = error.refused ? 'Your role may not change that field.' : `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`
  return { error: said, fields, others, values: sentValues(form) }
}

/** The registry's changes have been applied in this process (SQLite at once; PostgreSQL before its notification comes). */
export const applied = (ctx: ConsoleContext) => ctx.services.reloadSites()

/** The site's id typed again, as Remove asks: compared exactly (ids are case-sensitive). */
export const confirmsRemoval = (form: FormData, id: string) => text(form, 'confirm') === id

/** A served site's entry as the registry keeps it (undefined: PAGE_ID's site, from the environment), or as SITES_FILE has it. */
export async function entryOf(ctx: ConsoleContext, site: Site): Promise<SiteEntry | undefined> {
  const { registry } = ctx.services
  if (registry.source === 'storage') return (await registry.list()).find((s) => s.id === site.id)?.entry
  const { id: _id, ...config } = site.config
  return config
}

/** Where the sites come from when the console may not change them: SITES_FILE's path, or null (storage: writable). */
export const sitesFileOf = (ctx: ConsoleContext) => (ctx.services.registry.source === 'file' ? (ctx.services.env.SITES_FILE ?? '') : null)
