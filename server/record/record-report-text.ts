import type { RecordReport } from '#app/record/record-report.ts'

/** The record report for a terminal: sections of plain lines, record text made harmless. */

/** Record text must not drive the terminal: control and bidirectional-override characters become spaces. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced here
const plain = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')

export const countsLine = ({ counts: c }: Pick<RecordReport, 'counts'>) =>
  `${c.hidden} hidden, ${c.refused} refused, ${c.adjusted} colours adjusted, ${c.imagesFailed} images failed`

/** `1200×400`. */
export const sizeOf = ({ width, height }: { width: number; height: number }) => `${width}×${height}`

/** Why a value was used other than as given, in words. */
export const SUBSTITUTED: Record<RecordReport['substituted'][number]['kind'], string> = {
  converted: 'converted from another type',
  null: 'null replaced',
  dropped: 'empty entry dropped',
}

/** `"dbServies" (did you mean "dbServices"?), "_id"`, and how many more the report left unnamed. */
export function unknownKeysLine({ keys, more }: RecordReport['unknownKeys'][number]): string {
  const named = keys.map((k) => `${JSON.stringify(k.key)}${k.suggestion ? ` (did you mean ${JSON.stringify(k.suggestion)}?)` : ''}`)
  return `${named.join(', ')}${more ? ` and ${more} more` : ''}`
}

export function formatReport(report: RecordReport): string {
  const lines: string[] = [
    `Record report for ${report.site}: ${report.source}`,
    `Language: ${report.language.lang === 'es' ? 'Spanish' : 'English'} (${report.language.field}: ${report.language.why})`,
    `Counts: ${countsLine(report)}`,
  ]
  const section = (title: string, rows: string[]) => rows.length && lines.push('', title, ...rows.map((r) => `  ${r}`))
  for (const page of report.pages) {
    section(
      `${page.title} (${page.path})`,
      page.blocks.map((b) => {
        const why = b.reason ? `: ${b.reason.field} = ${b.reason.value}: ${b.reason.why}` : ''
        const notes = b.notes.length ? ` [${b.notes.join('; ')}]` : ''
        return `${b.status.padEnd(6)}  ${b.name}${why}${notes}`
      }),
    )
  }
  section(
    'Fields the site could not use',
    report.fields.map((f) => `${f.path} = ${f.found}: expected ${f.expected}; used ${f.used}`),
  )
  section(
    'Values the site used other than as given',
    report.substituted.map((f) => `${f.path} = ${f.found}: expected ${f.expected}; used ${f.used} (${SUBSTITUTED[f.kind]})`),
  )
  section(
    'Keys the site does not know (ignored)',
    report.unknownKeys.map((u) => `${u.path}: ${unknownKeysLine(u)}`),
  )
  section(
    'Colours adjusted',
    report.colours.map(
      (c) => `${c.field} ${c.given} -> ${c.used}, for ${c.serves}: contrast ${c.before}:1 -> ${c.after}:1 (needs ${c.minRatio}:1)`,
    ),
  )
  section(
    'Pictures',
    report.images.map((i) => `${i.status.padEnd(11)} ${i.url} (${i.fields.join(', ')})${i.detail ? `: ${i.detail}` : ''}`),
  )
  section(
    'Pictures smaller than their places (drawn smaller there, never stretched)',
    report.smallPictures.map(
      (p) => `${p.field}: ${p.url} is ${sizeOf(p.pixels)} px, too few for ${p.place}: upload at least ${sizeOf(p.upload)} px`,
    ),
  )
  section(
    'Addresses',
    report.links.map(
      (l) =>
        `${l.kind} "${l.name}": ${l.path || 'no page'}${l.path && l.specPath !== l.path ? ` (${l.specPath} redirects to it)` : ''}${l.problem ? `: ${l.problem}` : ''}`,
    ),
  )
  section(
    'Cut to the spec’s limits',
    report.limits.map((l) => `${l.field}: ${l.length} > ${l.limit}: ${l.where}`),
  )
  lines.push(
    '',
    report.ok ? 'Everything the record asks for is shown.' : `Not everything the record asks for is shown: ${countsLine(report)}.`,
  )
  return `${lines.map(plain).join('\n')}\n`
}
