import type { RecordReport } from '#app/record/record-report.ts'
import { sizeOf, SUBSTITUTED, unknownKeysLine } from './record-report-text.ts'
import { type Html, html, selfContainedPage } from '../html/html-template.ts'

/**
 * The record report as one self-contained page an agency can send to its contractor. Every value is
 * escaped (the record is hostile), pictures are our own small data: thumbnails (never the record's
 * URLs), and the page's CSP allows no script and no request at all.
 */

const STATUS_WORDS: Record<string, string> = {
  shown: 'Shown',
  hidden: 'Hidden',
  off: 'Not asked for',
  ready: 'Ready',
  failed: 'Failed',
  pending: 'Waiting',
  refused: 'Refused',
  'not checked': 'Not checked',
}
const badge = (status: string) => html`<span class="badge ${status.replace(' ', '-')}">${STATUS_WORDS[status] ?? status}</span>`

/** Only colour literals reach a style attribute (the schema already refused anything else). */
const swatch = (colour: string) =>
  /^[#\w(),.%\s/-]{1,64}$/.test(colour)
    ? html`<span class="swatch" style="background:linear-gradient(${colour},${colour}),linear-gradient(90deg,#000 50%,#fff 50%)"></span>`
    : html``

/** One table; `widths` fixes its columns (in %), so every table of a kind lines up. */
function table(caption: string, head: string[], widths: number[], rows: Html[][], kind = ''): Html {
  if (!rows.length) return html``
  return html`<section>
    <h2>${caption}</h2>
    <table class="${kind}">
      <colgroup>
        ${widths.map((w) => html`<col style="width:${w}%" />`)}
      </colgroup>
      <thead>
        <tr>
          ${head.map((h) => html`<th scope="col">${h}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (cells) =>
            html`<tr>
              ${cells.map((c, i) => html`<td data-label="${head[i]}">${c}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`
}

export function reportHtml(report: RecordReport, thumbnails: ReadonlyMap<string, string>): string {
  const c = report.counts
  const verdict = report.ok
    ? 'The site shows everything this record asks for.'
    : 'Some of what this record asks for is not on the site. Each row marked Hidden, Refused or Failed says which field to fix.'
  const thumb = (url: string) => {
    const src = thumbnails.get(url)
    return src?.startsWith('data:image/webp;base64,')
      ? html`<img src="${src}" alt="" width="80" />`
      : html`<span class="nothumb">no picture</span>`
  }
  const body = html` <header>
      <h1>What the site does with the record of ${report.site}</h1>
      <p class="source">Record: ${report.source}</p>
      <p class="verdict ${report.ok ? 'ok' : 'attention'}">${verdict}</p>
      <ul class="counts">
        <li><strong>${c.hidden}</strong> blocks hidden</li>
        <li><strong>${c.refused}</strong> values refused</li>
        <li><strong>${c.adjusted}</strong> colours adjusted</li>
        <li><strong>${c.imagesFailed}</strong> pictures failed</li>
      </ul>
      <p>Language: <strong>${report.language.lang === 'es' ? 'Spanish' : 'English'}</strong> (${report.language.why}).</p>
    </header>
    <main>
      ${report.pages.map((page) =>
        table(
          page.path === '*' ? page.title : `${page.title} (${page.path})`,
          ['Block', 'Status', 'Why'],
          [30, 14, 56],
          page.blocks.map((b) => [
            html`${b.name}`,
            badge(b.status),
            html`${b.reason ? html`<code>${b.reason.field}</code> is ${b.reason.value}: ${b.reason.why}. ` : ''}${b.notes.join('; ')}`,
          ]),
          'blocks',
        ),
      )}
      ${table(
        'Values the site could not use',
        ['Field', 'What was there', 'What the site expects', 'What it used instead'],
        [25, 30, 27, 18],
        report.fields.map((f) => [html`<code>${f.path}</code>`, html`<code>${f.found}</code>`, html`${f.expected}`, html`${f.used}`]),
      )}
      ${table(
        'Values the site used other than as given',
        ['Field', 'What was there', 'What the site expects', 'What it used', 'Why'],
        [22, 22, 22, 18, 16],
        report.substituted.map((f) => [
          html`<code>${f.path}</code>`,
          html`<code>${f.found}</code>`,
          html`${f.expected}`,
          html`${f.used}`,
          html`${SUBSTITUTED[f.kind]}`,
        ]),
      )}
      ${table(
        'Keys the site does not know (ignored)',
        ['Where', 'Keys'],
        [25, 75],
        report.unknownKeys.map((u) => [html`<code>${u.path}</code>`, html`${unknownKeysLine(u)}`]),
      )}
      ${table(
        'Colours adjusted so text stays readable',
        ['Field', 'Record colour', 'Colour used', 'Where', 'Contrast'],
        [18, 17, 17, 30, 18],
        report.colours.map((col) => [
          html`<code>${col.field}</code>`,
          html`${swatch(col.given)} <code>${col.given}</code>`,
          html`${swatch(col.used)} <code>${col.used}</code>`,
          html`${col.serves}`,
          html`${col.before}:1 → ${col.after}:1 (needs ${col.minRatio}:1)`,
        ]),
      )}
      ${table(
        'Pictures',
        ['Picture', 'Address', 'Used in', 'Status'],
        [12, 33, 25, 30],
        report.images.map((i) => [
          thumb(i.url),
          html`<code class="url">${i.url}</code>`,
          html`${i.fields.join(', ')}`,
          html`${badge(i.status)} ${i.detail}`,
        ]),
      )}
      ${table(
        'Pictures smaller than their places',
        ['Picture', 'Field', 'Its place', 'Upload at least'],
        [12, 25, 33, 30],
        report.smallPictures.map((p) => [
          thumb(p.url),
          html`<code>${p.field}</code>`,
          html`${p.place}: ${sizeOf(p.pixels)} px are too few, so it is drawn smaller there (never stretched)`,
          html`<strong>${sizeOf(p.upload)} px</strong>`,
        ]),
      )}
      ${table(
        'Page addresses of services and landings',
        ['Name', 'Address', 'Also reached by', 'Problem'],
        [25, 20, 20, 35],
        report.links.map((l) => [
          html`${l.name}`,
          html`<code>${l.path || '—'}</code>`,
          html`<code>${l.specPath !== l.path ? l.specPath : ''}</code>`,
          html`${l.problem}`,
        ]),
      )}
      ${table(
        'Shortened to the site’s limits',
        ['Field', 'Length', 'Limit', 'What the site does'],
        [20, 10, 10, 60],
        report.limits.map((l) => [html`<code>${l.field}</code>`, html`${l.length}`, html`${l.limit}`, html`${l.where}`]),
      )}
    </main>`
  return selfContainedPage({ lang: 'en', title: `Record report: ${report.site}`, style: STYLE, body })
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:24px;max-width:1200px;margin-inline:auto}
h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.2rem;margin:2rem 0 .5rem}
.source{color:#475569;word-break:break-all;margin:0}
.verdict{padding:.75rem 1rem;border-radius:8px;font-weight:600}.verdict.ok{background:#dcfce7}.verdict.attention{background:#fef3c7}
.counts{display:flex;flex-wrap:wrap;gap:.5rem;padding:0;list-style:none}.counts li{background:#fff;border:1px solid #cbd5e1;border-radius:8px;padding:.4rem .8rem}
table{width:100%;table-layout:fixed;border-collapse:collapse;background:#fff;border:1px solid #cbd5e1}
th,td{text-align:left;vertical-align:top;padding:.5rem .6rem;border-bottom:1px solid #e2e8f0;overflow-wrap:anywhere}
th{background:#f1f5f9;font-size:.9rem}
code{font:.85rem/1.4 ui-monospace,monospace;background:#f1f5f9;padding:0 .2rem;border-radius:3px}
.badge{display:inline-block;border-radius:999px;padding:0 .6rem;font-size:.85rem;font-weight:600;white-space:nowrap}
.shown,.ready{background:#dcfce7;color:#14532d}.hidden,.failed,.refused{background:#fee2e2;color:#7f1d1d}
.off,.not-checked,.pending{background:#e2e8f0;color:#334155}
.swatch{display:inline-block;width:2rem;height:1.4rem;border:1px solid #64748b;border-radius:4px;vertical-align:middle}
img{border-radius:4px;display:block}.nothumb{color:#64748b;font-size:.85rem}
@media (max-width:640px){body{padding:12px}thead,colgroup{display:none}table,tbody,tr,td{display:block;width:auto}
tr{border-bottom:2px solid #cbd5e1;padding:.4rem 0}td{border:0;padding:.2rem .6rem}
td::before{content:attr(data-label);display:block;font-size:.75rem;color:#475569;font-weight:600}
.blocks td:nth-child(-n+2){display:inline-block;font-weight:600}.blocks td:nth-child(-n+2)::before{display:none}
.blocks td:nth-child(3):empty{display:none}}
`
