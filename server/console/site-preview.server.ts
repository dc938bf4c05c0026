import { buildRecordReport, type RecordReport } from '#app/record/record-report.ts'
import { parsePageRecordWithIssues } from '#app/record/schema.ts'
import { optionalUrl, pageId as pageIdField } from '../config/config-fields.server.ts'
import type { AppServices } from '../services.server.ts'

/**
 * Add a site's preview (issue 42): the record a page id names, fetched now from its provider, before anything is
 * live, and the record report the Record tab and `npm run record -- check` show of it. Its pictures are not fetched
 * (the site's image pipeline does that once it is live). The page and its framed report ask within a minute: one
 * fetch serves both, from a small cache.
 */

export type RecordPreview =
  { pageId: string; endpoint: string; report: RecordReport; name: string } | { pageId: string; endpoint: string | null; error: string }

const KEPT_MS = 60_000
const KEPT_MAX = 20
const recent = new Map<string, { at: number; preview: RecordPreview }>()

export async function previewRecord(services: AppServices, rawPageId: string, rawApiUrl: string, now: number): Promise<RecordPreview> {
  const id = pageIdField.safeParse(rawPageId)
  const apiUrl = optionalUrl.safeParse(rawApiUrl || undefined)
  if (!id.success) return { pageId: rawPageId, endpoint: null, error: `pageId: ${id.error.issues[0]!.message}` }
  if (!apiUrl.success) return { pageId: id.data, endpoint: null, error: `pageApiUrl: ${apiUrl.error.issues[0]!.message}` }
  const key = `${apiUrl.data ?? ''} ${id.data}`
  const kept = recent.get(key)
  if (kept && now - kept.at < KEPT_MS) return kept.preview
  const answer = await services.fetchRecordOf(id.data, apiUrl.data)
  let preview: RecordPreview
  if ('error' in answer) preview = { pageId: id.data, endpoint: answer.endpoint, error: answer.error }
  else {
    const { record, issues } = parsePageRecordWithIssues(answer.raw)
    const notYet = () => ({ status: 'not checked' as const, detail: 'fetched once the site is live' })
    const report = buildRecordReport({ record, issues, site: id.data, source: answer.endpoint, imageOutcome: notYet })
    preview = { pageId: id.data, endpoint: answer.endpoint, report, name: record.dbPrincipal.name }
  }
  for (const [k, v] of recent) if (now - v.at >= KEPT_MS || recent.size >= KEPT_MAX) recent.delete(k)
  recent.set(key, { at: now, preview })
  return preview
}
