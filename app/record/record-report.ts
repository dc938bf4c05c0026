import { z } from 'zod'
import { langOf } from '#app/i18n/strings.ts'
import { recordImageFields } from './record-images.ts'
import { reportLimits, reportLinks } from './report-links.ts'
import { reportPages } from './report-pages.ts'
import { IMAGE_EXPECTED, type FieldIssue, type PageRecord } from './schema.ts'
import { contrastOn, guardOverlay, overlayContrast, themePairs, usable, TEXT_RATIO } from './theme.ts'
import { smallForPlace } from '#app/ui/picture-places.ts'

/**
 * The record report: what the site does with one record, page by page and block by block (shown,
 * hidden or off, and why), every value it could not use, every value it used other than as given
 * (converted, a null replaced, an empty entry dropped), every key it ignored, every colour it
 * adjusted, every picture (and those too small for their places) and every service/landing address. Built from the views the pages render and the issues the record's
 * own parse noted; `recordReportSchema` is the JSON contract of `npm run record -- check --json`.
 */

const reason = z.object({ field: z.string(), value: z.string(), why: z.string() })
const block = z.object({
  name: z.string(),
  /** shown; hidden: the record asks for it and the site does not show it; off: the record does not ask. */
  status: z.enum(['shown', 'hidden', 'off']),
  reason: reason.optional(),
  notes: z.array(z.string()),
})
const count = z.number().int().nonnegative()
const size = z.object({ width: count, height: count })
const fieldLine = z.object({ path: z.string(), found: z.string(), expected: z.string(), used: z.string() })

export const recordReportSchema = z.object({
  site: z.string(),
  source: z.string(),
  language: z.object({ lang: z.enum(['en', 'es']), field: z.literal('labels.formLabel.isenglish'), why: z.string() }),
  /**
   * What /healthz and the log line show; `ok` is false when anything is hidden, refused or failed.
   * `refused` counts the refused values (`fields`) and the unknown keys close to a known one (a typo: what
   * they hold is not used).
   */
  counts: z.object({ hidden: count, refused: count, adjusted: count, imagesFailed: count }),
  ok: z.boolean(),
  pages: z.array(z.object({ path: z.string(), title: z.string(), blocks: z.array(block) })),
  /** Values the site could not use (refused). */
  fields: z.array(fieldLine),
  /** Values the site used other than as given: converted from another type, a null replaced, an empty entry dropped. */
  substituted: z.array(fieldLine.extend({ kind: z.enum(['converted', 'null', 'dropped']) })),
  /** Per object, the keys the site does not know (ignored), each with the nearest known key when one is close. */
  unknownKeys: z.array(
    z.object({
      path: z.string(),
      found: z.string(),
      keys: z.array(z.object({ key: z.string(), suggestion: z.string().nullable() })),
      /** Keys beyond the first 50, not named. */
      more: count,
    }),
  ),
  colours: z.array(
    z.object({
      field: z.string(),
      serves: z.string(),
      given: z.string(),
      used: z.string(),
      before: z.number(),
      after: z.number(),
      minRatio: z.number(),
    }),
  ),
  images: z.array(
    z.object({
      url: z.string(),
      fields: z.array(z.string()),
      status: z.enum(['ready', 'failed', 'pending', 'refused', 'not checked']),
      detail: z.string(),
    }),
  ),
  /**
   * Pictures with too few pixels to fill a place they are drawn in on a 2x screen (they are drawn smaller
   * there, never stretched: app/ui/picture-density.ts), with the size to upload.
   */
  smallPictures: z.array(z.object({ url: z.string(), field: z.string(), pixels: size, place: z.string(), upload: size })),
  links: z.array(
    z.object({
      kind: z.enum(['service', 'landing']),
      field: z.string(),
      name: z.string(),
      path: z.string(),
      specPath: z.string(),
      problem: z.string(),
    }),
  ),
  limits: z.array(z.object({ field: z.string(), limit: count, length: count, where: z.string() })),
})

export type RecordReport = z.infer<typeof recordReportSchema>
export type ReportImage = RecordReport['images'][number]
/** What became of a picture; `pixels`: the size it is served at, once it is ready. */
export type ImageOutcome = Pick<ReportImage, 'status' | 'detail'> & { pixels?: { width: number; height: number } }
export type ReportCounts = RecordReport['counts']

type Input = {
  record: PageRecord
  issues: FieldIssue[]
  site: string
  source: string
  /** What became of a usable picture (the server's image store, or the CLI's probe). */
  imageOutcome?: (url: string) => ImageOutcome
}

const round = (n: number) => Math.round(n * 100) / 100

export function buildRecordReport({ record, issues, site, source, imageOutcome }: Input): RecordReport {
  const lang = langOf(record.labels.formLabel)
  const refusedIssues = issues.filter((i) => i.kind === 'refused')
  const pages = reportPages(record, refusedIssues)
  const outcome = imageOutcome ?? ((): ImageOutcome => ({ status: 'not checked', detail: 'not fetched' }))
  const images = reportImages(record, refusedIssues, outcome)
  const colours = reportColours(record)
  const unknownKeys = issues.flatMap((i) =>
    i.kind === 'unknown keys' ? [{ path: i.path, found: i.found, keys: i.keys ?? [], more: i.more ?? 0 }] : [],
  )
  const misspelt = unknownKeys.flatMap((u) => u.keys).filter((k) => k.suggestion).length
  const hidden = pages.flatMap((p) => p.blocks).filter((b) => b.status === 'hidden').length
  const imagesFailed = images.filter((i) => i.status === 'failed').length
  const refused = refusedIssues.length + misspelt
  const counts = { hidden, refused, adjusted: colours.length, imagesFailed }
  const line = ({ path, found, expected, used }: FieldIssue) => ({ path, found, expected, used })
  return {
    site,
    source,
    language: {
      lang,
      field: 'labels.formLabel.isenglish',
      why:
        lang === 'es' ? 'isenglish is false: the whole site is served in Spanish' : 'isenglish is not false: the site is served in English',
    },
    counts,
    ok: hidden + refused + imagesFailed === 0,
    pages,
    fields: refusedIssues.map(line),
    substituted: issues.flatMap((i) =>
      i.kind === 'converted' || i.kind === 'null' || i.kind === 'dropped' ? [{ ...line(i), kind: i.kind }] : [],
    ),
    unknownKeys,
    colours,
    images,
    smallPictures: reportSmallPictures(record, outcome),
    links: reportLinks(record),
    limits: reportLimits(record),
  }
}

function reportImages(record: PageRecord, issues: FieldIssue[], outcome: (url: string) => ImageOutcome): ReportImage[] {
  const usableImages = [...recordImageFields(record)].map(([url, fields]): ReportImage => {
    const { status, detail } = outcome(url)
    return { url, fields, status, detail }
  })
  const refused = issues
    .filter((i) => i.expected === IMAGE_EXPECTED)
    .map((i): ReportImage => ({ url: i.found, fields: [i.path], status: 'refused', detail: 'not an http(s) address: never fetched' }))
  return [...usableImages, ...refused]
}

/** Each use of a ready picture in a place it has too few pixels to fill. */
function reportSmallPictures(record: PageRecord, outcome: (url: string) => ImageOutcome): RecordReport['smallPictures'] {
  return [...recordImageFields(record)].flatMap(([url, fields]) => {
    const { pixels } = outcome(url)
    if (!pixels) return []
    return fields.flatMap((field) => {
      const small = smallForPlace(field, pixels)
      return small ? [{ url, pixels, ...small }] : []
    })
  })
}

/** Each record colour the contrast guard changed: the pair it serves, its contrast before and after. */
function reportColours(record: PageRecord): RecordReport['colours'] {
  const fitted = themePairs(record.styles).flatMap((p) =>
    p.source && p.source.given !== p.color
      ? [
          {
            field: `styles.${p.source.field}`,
            serves: p.meantFor,
            given: p.source.given,
            used: p.color,
            before: round(contrastOn(p.source.given, p.backgrounds)),
            after: round(contrastOn(p.color, p.backgrounds)),
            minRatio: p.minRatio,
          },
        ]
      : [],
  )
  const given = usable(record.styles).overlayColor
  const { overlay } = guardOverlay(given)
  if (overlay === given) return fitted
  const [before, after] = [given, overlay].map((o) => round(overlayContrast(o))) as [number, number]
  return [
    ...fitted,
    {
      field: 'styles.overlayColor',
      serves: 'text on photos under overlayColor',
      given,
      used: overlay,
      before,
      after,
      minRatio: TEXT_RATIO,
    },
  ]
}
