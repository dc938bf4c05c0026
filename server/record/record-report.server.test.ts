import { describe, expect, test } from 'vitest'
import { parsePageRecordWithIssues } from '#app/record/schema.ts'
import { reportHtml } from './record-report-html.ts'
import { formatReport } from './record-report-text.ts'
import { siteRecordReport } from './record-report.server.ts'
import type { RecordSource } from './record-source.server.ts'
import { buildRecordReport } from '#app/record/record-report.ts'
import { hostileRecords } from '#tests/records/hostile.ts'
import { mangled } from '#tests/records/mangled.ts'
import demo from '../../demo/record.json'

const raw = {
  dbPrincipal: { name: 'Acme', logo: 'https://img.example/logo.png', exprYears: 'ten' },
  gallery: ['https://img.example/gone.jpg'],
}

function fakeSite(version = 'v1') {
  let snapshot = { ...parsePageRecordWithIssues(raw), version, origin: 'provider' as const, fetchedAt: null, lastError: null }
  const failed = new Set<string>()
  let settle = () => {}
  const lines: string[] = []
  const records = { current: () => snapshot, endpoint: 'https://provider.example/api/paginas/acme' } as unknown as RecordSource
  const images = {
    outcome: (url: string) =>
      failed.has(url) ? { status: 'failed' as const, detail: 'HTTP 404' } : { status: 'pending' as const, detail: '' },
    idle: () => new Promise<void>((resolve) => (settle = resolve)),
    localSrc: () => undefined,
    generation: () => 0,
  }
  const report = siteRecordReport('acme', records, images, { info: (line: string) => void lines.push(line) })
  return {
    report,
    lines,
    failed,
    settle: () => settle(),
    newVersion: (v: string) => void (snapshot = { ...snapshot, version: v }),
  }
}

describe("a site's record report", () => {
  test('counts the refused values once per version, and the failed pictures as they are now', () => {
    const site = fakeSite()
    expect(site.report.counts()).toEqual({ hidden: 1, refused: 1, adjusted: 0, imagesFailed: 0 })
    site.failed.add('https://img.example/gone.jpg')
    expect(site.report.counts()).toEqual({ hidden: 1, refused: 1, adjusted: 0, imagesFailed: 1 })
    expect(site.report.report()).toBe(site.report.report())
  })

  test('logs one line once the pictures were tried, naming the command that tells the details', async () => {
    const site = fakeSite('abc123')
    const logged = site.report.logWhenSettled()
    site.failed.add('https://img.example/gone.jpg')
    site.settle()
    await logged
    expect(site.lines).toEqual([
      '[record] acme: version abc123: 1 hidden, 1 refused, 0 colours adjusted, 1 images failed (details: npm run record -- check --site acme)',
    ])
  })

  test('says nothing for a version replaced while its pictures were tried', async () => {
    const site = fakeSite('old')
    const logged = site.report.logWhenSettled()
    site.newVersion('new')
    site.settle()
    await logged
    expect(site.lines).toEqual([])
  })
})

describe('pictures smaller than their places', () => {
  const record = {
    dbPrincipal: { name: 'Acme', logo: 'https://img.example/logo.png' },
    gmb: { link: 'https://g.page/acme', img: 'https://img.example/gmb.jpg' },
    dbSocialMedia: { directorios: [{ name: 'Angi', url: 'https://angi.example/acme', image: 'https://img.example/angi.png' }] },
    gallery: ['https://img.example/tiny.jpg'],
  }
  /** The sizes the store serves them at, as its variants' URLs name them. */
  const served: Record<string, string> = {
    'https://img.example/logo.png': '/img/11111111111111111111111111111111-64x64/64.png',
    'https://img.example/gmb.jpg': '/img/22222222222222222222222222222222-220x90/220.jpg',
    'https://img.example/angi.png': '/img/33333333333333333333333333333333-480x160/480.png',
    'https://img.example/tiny.jpg': '/img/44444444444444444444444444444444-100x80/100.jpg',
  }
  const images = {
    outcome: () => ({ status: 'ready' as const, detail: '' }),
    idle: async () => {},
    localSrc: (_site: string, url: string) => served[url],
    generation: () => 0,
  }
  const records = {
    current: () => ({ ...parsePageRecordWithIssues(record), version: 'v', origin: 'provider', fetchedAt: null, lastError: null }),
    endpoint: 'https://provider.example/api/paginas/acme',
  } as unknown as RecordSource
  const report = siteRecordReport('acme', records, images).report()

  test('each is named with its place and the size to upload (its shape kept, for a 2x screen); one that fills its place is not', () => {
    expect(report.smallPictures).toEqual([
      {
        url: 'https://img.example/logo.png',
        field: 'dbPrincipal.logo',
        pixels: { width: 64, height: 64 },
        place: 'the logo (header, estimate window, /find-us-on)',
        upload: { width: 112, height: 112 },
      },
      {
        url: 'https://img.example/gmb.jpg',
        field: 'gmb.img',
        pixels: { width: 220, height: 90 },
        place: 'the business profile link on /find-us-on',
        upload: { width: 816, height: 334 },
      },
    ])
    // A cover (the gallery) is cropped to fill its box: it has no place of this kind. The 480 px badge fills its 198 px cell.
    expect(report.smallPictures.map((p) => p.field)).not.toContain('gallery[0]')
    // Shown, not stretched: nothing the record asks for is missing because of it.
    expect(report.ok).toBe(true)
  })

  test('the text and HTML reports say so, with the size to upload', () => {
    expect(formatReport(report)).toContain(
      [
        'Pictures smaller than their places (drawn smaller there, never stretched)',
        '  dbPrincipal.logo: https://img.example/logo.png is 64×64 px, too few for the logo (header, estimate window, /find-us-on): upload at least 112×112 px',
        '  gmb.img: https://img.example/gmb.jpg is 220×90 px, too few for the business profile link on /find-us-on: upload at least 816×334 px',
      ].join('\n'),
    )
    const page = reportHtml(report, new Map())
    expect(page).toContain('<h2>Pictures smaller than their places</h2>')
    expect(page).toContain('<td data-label="Upload at least"><strong>816×334 px</strong></td>')
  })
})

describe('the HTML report', () => {
  const report = buildRecordReport({ ...parsePageRecordWithIssues(hostileRecords(demo)[0]![1]), site: 'x<b>', source: 'y' })

  test("escapes every value of a hostile record and allows no script or request of the page's own", () => {
    const page = reportHtml(report, new Map([['https://evil.example/a.jpg', 'javascript:alert(1)']]))
    expect(page).not.toMatch(/<script|<svg|<img src=x|<style>body|x<b>/i)
    expect(page).toContain('<title>Record report: x&lt;b&gt;</title>')
    expect(page).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
    )
    expect(page).toContain(
      '<code>&quot;red;}&lt;/style&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;style&gt;body{display:none&quot;</code>',
    )
  })

  test('shows swatches of the colours before and after, and thumbnails only from data: URIs', () => {
    const gold = buildRecordReport({ ...parsePageRecordWithIssues({ styles: { secondaryColor: 'gold' } }), site: 's', source: 's' })
    const thumb = 'data:image/webp;base64,AAAA'
    const page = reportHtml(
      { ...gold, images: [{ url: 'https://img.example/a.jpg', fields: ['gallery[0]'], status: 'ready', detail: 'jpeg 800×600' }] },
      new Map([['https://img.example/a.jpg', thumb]]),
    )
    expect(page).toContain('style="background:linear-gradient(gold,gold),linear-gradient(90deg,#000 50%,#fff 50%)"')
    expect(page).toContain('style="background:linear-gradient(#826c00,#826c00),linear-gradient(90deg,#000 50%,#fff 50%)"')
    expect(page).toContain(`<img src="${thumb}" alt="" width="80" />`)
    expect(page).not.toContain('src="https://img.example')
  })
})

describe('the text and HTML reports of a record mangled by hand', () => {
  const report = buildRecordReport({ ...parsePageRecordWithIssues(mangled), site: 'mangled', source: 'a file' })
  const text = formatReport(report)
  const page = reportHtml(report, new Map())
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
  const WHY = { converted: 'converted from another type', null: 'null replaced', dropped: 'empty entry dropped' }

  test('the text names every value used other than as given: path, what was there, what was expected, what was used and why', () => {
    expect(report.substituted.length).toBeGreaterThan(20)
    const section = text.slice(text.indexOf('Values the site used other than as given'), text.indexOf('Keys the site does not know'))
    expect(section.trim().split('\n').slice(1)).toEqual(
      report.substituted.map((f) => `  ${f.path} = ${f.found}: expected ${f.expected}; used ${f.used} (${WHY[f.kind]})`),
    )
    expect(text).toContain("  styles = null: expected an object; used every colour the theme's own (null replaced)\n")
    expect(text).toContain('  dbPrincipal.name = 2024: expected text; used "2024" (converted from another type)\n')
  })

  test('the text names the unknown keys, one line per object, with the key a typo was meant to be', () => {
    expect(text).toContain(
      [
        'Keys the site does not know (ignored)',
        '  dbPrincipal.phones[0]: "ext"',
        '  dbPrincipal: "licenced" (did you mean "licensed"?)',
        '  (top level): "_id", "dbServies" (did you mean "dbServices"?), "Gallery" (did you mean "gallery"?)',
      ].join('\n'),
    )
  })

  test('the HTML has a row for each, every value escaped', () => {
    expect(page).toContain('<h2>Values the site used other than as given</h2>')
    for (const f of report.substituted) {
      expect(page).toContain(`<td data-label="Field"><code>${escape(f.path)}</code></td>`)
      expect(page).toContain(`<td data-label="What was there"><code>${escape(f.found)}</code></td>`)
    }
    expect(page).toContain('<h2>Keys the site does not know (ignored)</h2>')
    expect(page).toContain(
      '<td data-label="Keys">&quot;_id&quot;, &quot;dbServies&quot; (did you mean &quot;dbServices&quot;?), &quot;Gallery&quot; (did you mean &quot;gallery&quot;?)</td>',
    )
  })

  test('a hostile key is text in both', () => {
    const evil = buildRecordReport({ ...parsePageRecordWithIssues({ '<script>x</script>': 1, 'a\u001b[31m': 2 }), site: 's', source: 's' })
    expect(reportHtml(evil, new Map())).toContain('&quot;&lt;script&gt;x&lt;/script&gt;&quot;')
    expect(reportHtml(evil, new Map())).not.toContain('<script>x')
    // JSON escapes the terminal's control characters: the key cannot drive the terminal.
    expect(formatReport(evil)).toContain('"a\\u001b[31m"')
  })
})
