import { describe, expect, test } from 'vitest'
import type { LabelRow, ResultRow } from '#server/storage/storage-contract.server.ts'
import { dayEnd } from '../visits/day-keys.server.ts'
import { buildResultsReport, changeOf, reportFigures, resultsCsv, TOTALS, type ResultsReport } from './results-report.ts'
import { utmLabel } from './results-counter.server.ts'
import { defaultTheme } from '#app/record/theme.ts'
import { resultsHtml, yTicks } from './results-report-html.ts'
import { resultsConsoleText, resultsText } from './results-report-text.ts'

const row = (day: string, metric: string, n: number, label = '', device: 'phone' | 'desktop' = 'phone'): ResultRow => ({
  day,
  metric,
  label,
  device,
  n,
})
const zero = { visitors: 0, views: 0, actions: 0, estimates: 0, phone: 0, chat: 0, email: 0, map: 0 }
const label = (dimension: string, name: string, figures: Partial<LabelRow>): LabelRow => ({ ...zero, dimension, label: name, ...figures })

/** October: 10 visitors on each of the first 10 days, 2 forms left unsent; November to the 10th: 12 a day, 1 left unsent. */
function november(today: string): ResultsReport {
  const days = (month: string, perDay: number) =>
    Array.from({ length: 30 }, (_, i) => row(`${month}-${String(i + 1).padStart(2, '0')}`, 'visitors', perDay))
  return buildResultsReport({
    site: 'fence',
    month: '2026-11',
    timeZone: 'America/Los_Angeles',
    today,
    rows: [
      ...days('2026-11', 12).filter((r) => r.day <= today),
      row('2026-11-02', 'form_started', 3, 'home'),
      row('2026-11-02', 'estimate', 2, 'home'),
    ],
    previousRows: [...days('2026-10', 10), row('2026-10-03', 'form_started', 2, 'modal'), row('2026-10-20', 'form_started', 5, 'modal')],
    labels: [
      label('source', 'Google', { visitors: 40, estimates: 2, phone: 3 }),
      label('utm_campaign', 'fall-fences', { visitors: 9, estimates: 2 }),
      label('utm', utmLabel({ campaign: 'fall-fences', source: 'google', medium: 'cpc' }), { visitors: 9, estimates: 2 }),
      label('page', '/', { visitors: 100, views: 120, actions: 4 }),
    ],
  })
}

describe('the month report', () => {
  test('a month in progress counts so far, and compares with the same days of the month before', () => {
    const r = november('2026-11-10')
    expect(r).toMatchObject({ through: '2026-11-10', previousMonth: '2026-10', previousThrough: '2026-10-10' })
    expect(r.days.map((d) => d.day)).toHaveLength(10)
    expect(r.totals.visitors).toEqual({ month: 120, previous: 100, phone: 120, desktop: 0, change: 20, trend: 'better' })
    // Fewer forms left unsent is the good way.
    expect(r.totals.formsNotSent).toMatchObject({ month: 1, previous: 2, change: -50, trend: 'better' })
  })

  test('a month that is over compares with the whole month before', () => {
    const r = november('2026-12-03')
    expect(r).toMatchObject({ through: null, previousThrough: '2026-10-31' })
    expect(r.totals.visitors).toMatchObject({ month: 360, previous: 300, change: 20 })
    expect(r.totals.formsNotSent).toMatchObject({ month: 1, previous: 7, trend: 'better' })
  })

  test('the same days of a shorter month before: to its last day', () => {
    const march = buildResultsReport({
      site: 's',
      month: '2026-03',
      timeZone: 'UTC',
      today: '2026-03-30',
      rows: [],
      previousRows: [],
      labels: [],
    })
    expect(march.previousThrough).toBe('2026-02-28')
  })

  test('a change is in percent, none when there was nothing before; good or bad by what the figure is', () => {
    expect(changeOf('estimates', 12, 10)).toEqual({ change: 20, trend: 'better' })
    expect(changeOf('estimates', 9, 10)).toEqual({ change: -10, trend: 'worse' })
    expect(changeOf('formsNotSent', 3, 2)).toEqual({ change: 50, trend: 'worse' })
    expect(changeOf('visitors', 5, 0)).toEqual({ change: null, trend: 'better' })
    expect(changeOf('visitors', 0, 0)).toEqual({ change: null, trend: 'same' })
  })

  test('the CSV has every figure the JSON has, one line each', () => {
    const r = november('2026-11-10')
    const csv = resultsCsv([r]).trimEnd().split('\n')
    expect(csv[0]).toBe('site,month,section,name,figure,value')
    // Every number in the JSON, wherever it is, and every line of the CSV: the same multiset.
    const numbers = (value: unknown): number[] =>
      typeof value === 'number' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(numbers) : []
    const csvNumbers = csv.slice(1).flatMap((line) => {
      const value = line.split(',').at(-1)!
      return /^-?\d+$/.test(value) ? [Number(value)] : []
    })
    expect(csvNumbers.toSorted((a, b) => a - b)).toEqual(numbers(r).toSorted((a, b) => a - b))
    expect(csv).toContain('fence,2026-11,total,formsNotSent,change,-50')
    expect(csv).toContain('fence,2026-11,total,formsNotSent,trend,better')
    expect(csv).toContain('fence,2026-11,utm_campaign,fall-fences,estimates,2')
    expect(csv).toContain('fence,2026-11,report,through,value,2026-11-10')
    expect(reportFigures(r).filter(([section]) => section === 'total')).toHaveLength(TOTALS.length * 6)
  })

  test('the text says "so far", each change in percent and whether it is better or worse (in colour on a terminal)', () => {
    const r = november('2026-11-10')
    const text = resultsText(r, { lang: 'en', businessName: 'Ironwood Fence' })
    expect(text).toContain('So far this month: November 1 to November 10. Compared with October 1 – October 10.')
    // No month a year before was counted: "no data", never a comparison with 0.
    expect(text).toContain('- Visitors: 120 (▲ 20% better; 100 before; November 2025: no data)')
    expect(text).toContain('- Forms started, not sent: 1 (▼ 50% better; 2 before; November 2025: no data)')
    expect(text).toContain('- fall-fences · google · cpc: 9 visitors, 2 estimate requests, 0 calls, 0 chats, 0 emails, 0 maps opened')
    // A source with exactly one call (and one of everything): the words count right in both languages.
    expect(text).toContain('- Google: 40 visitors, 2 estimate requests, 3 calls')
    const one = {
      ...r,
      sources: [{ name: 'Google', visitors: 1, views: 1, actions: 1, estimates: 1, phone: 1, chat: 1, email: 1, map: 1 }],
    }
    expect(resultsText(one, { lang: 'en', businessName: 'Ironwood' })).toContain(
      '- Google: 1 visitor, 1 estimate request, 1 call, 1 chat, 1 email, 1 map opened',
    )
    expect(resultsText(one, { lang: 'es', businessName: 'Ironwood' })).toContain(
      '- Google: 1 visitante, 1 solicitud de presupuesto, 1 llamada, 1 chat, 1 correo, 1 mapa abierto',
    )
    expect(resultsText(r, { lang: 'es', businessName: 'Ironwood' })).toContain(
      'Visitantes: 120 (▲ 20% mejor; 100 antes; noviembre de 2025: sin datos)',
    )
    const terminal = resultsConsoleText(r, true)
    expect(terminal).toContain('so far (to 2026-11-10; previous to 2026-10-10)')
    expect(terminal).toContain('\x1b[32m▲ 20% better\x1b[0m')
    expect(resultsConsoleText(r)).not.toContain('\x1b[')
  })
})

describe('dayEnd', () => {
  test("is the next midnight in the day's time zone, across a change of clocks too", () => {
    expect(dayEnd('America/Los_Angeles', '2026-11-30')).toBe(Date.parse('2026-12-01T08:00:00Z'))
    expect(dayEnd('UTC', '2026-11-30')).toBe(Date.parse('2026-12-01T00:00:00Z'))
    expect(dayEnd('Asia/Kathmandu', '2026-11-30')).toBe(Date.parse('2026-11-30T18:15:00Z'))
    // The day the clocks go back in Los Angeles lasts 25 hours.
    expect(dayEnd('America/Los_Angeles', '2026-11-01') - dayEnd('America/Los_Angeles', '2026-10-31')).toBe(25 * 3_600_000)
    // Santiago's clocks jump from 24:00 to 01:00: that day ends when the next one starts, at 01:00.
    expect(dayEnd('America/Santiago', '2026-09-05')).toBe(Date.parse('2026-09-06T04:00:00Z'))
  })
})

describe('the report in words and on its page (issue 45)', () => {
  const base = november('2026-12-03')

  test('the same month a year before: its totals to the same days, or no data (never a 0 to compare with)', () => {
    expect(base.lastYear).toBeNull()
    const input = (today: string) => ({
      site: 'fence',
      month: '2026-11',
      timeZone: 'UTC',
      today,
      rows: [],
      previousRows: [],
      labels: [],
      lastYearRows: [row('2025-11-05', 'visitors', 7), row('2025-11-05', 'estimate', 1, 'home'), row('2025-11-20', 'visitors', 3)],
    })
    expect(buildResultsReport(input('2026-12-01')).lastYear).toMatchObject({
      month: '2025-11',
      through: '2025-11-30',
      totals: { visitors: 10, estimates: 1 },
    })
    // So far (to the 10th): last year's to the 10th too.
    expect(buildResultsReport(input('2026-11-10')).lastYear).toMatchObject({ through: '2025-11-10', totals: { visitors: 7 } })
    expect(buildResultsReport({ ...input('2026-11-03'), lastYearRows: [row('2025-11-20', 'visitors', 3)] }).lastYear).toBeNull()
  })

  test('"forms started, not sent": the card is the sum of the table, whatever device started and sent', () => {
    const r = buildResultsReport({
      site: 'fence',
      month: '2026-11',
      timeZone: 'UTC',
      today: '2026-12-01',
      // Counted before a sent form counted as started: a start on a phone, a send from a desktop, and a modal sent twice.
      rows: [
        row('2026-11-02', 'form_started', 1, 'home', 'phone'),
        row('2026-11-02', 'estimate', 1, 'home', 'desktop'),
        row('2026-11-03', 'form_started', 1, 'modal'),
        row('2026-11-03', 'estimate', 2, 'modal'),
      ],
      previousRows: [],
      labels: [],
    })
    const table = r.forms.reduce((n, f) => n + f.notSent, 0)
    expect(r.totals.formsNotSent.month).toBe(table)
    expect(r.forms.find((f) => f.name === 'home')).toMatchObject({ started: 1, requests: 1, notSent: 1 })
    expect(r.totals.formsStarted.month).toBe(r.forms.reduce((n, f) => n + f.started, 0))
  })

  test('the y axis has 0, a middle tick and a round top that holds the highest day', () => {
    expect(yTicks(0)).toEqual([0, 1, 2])
    expect(yTicks(1)).toEqual([0, 1, 2])
    expect(yTicks(3)).toEqual([0, 1, 2, 3, 4])
    expect(yTicks(7)).toEqual([0, 2, 4, 6, 8])
    expect(yTicks(459)).toEqual([0, 250, 500])
    for (const max of [2, 9, 12, 30, 99, 1054]) {
      const ticks = yTicks(max)
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max)
      expect(ticks.length % 2).toBe(1) // a middle one
      expect(ticks.every(Number.isInteger)).toBe(true)
    }
  })

  test('the page counts in words (en and es), a campaign row per tags, pages by their titles, neutral figures', () => {
    const one = { visitors: 1, estimates: 1, phone: 1, chat: 1, email: 0, map: 2 }
    const r: ResultsReport = {
      ...base,
      sources: [{ name: 'Google', ...one }],
      campaignRows: [
        {
          name: utmLabel({ campaign: 'fall', source: 'google', medium: 'cpc' }),
          campaign: 'fall',
          source: 'google',
          medium: 'cpc',
          ...one,
        },
        { name: utmLabel({ campaign: 'fall', source: null, medium: 'email' }), campaign: 'fall', source: null, medium: 'email', ...one },
      ],
      pages: [
        { name: '/', views: 3, visitors: 2, actions: 0 },
        { name: '/wood-fence-installation', views: 2, visitors: 1, actions: 1 },
      ],
    }
    const titles = { '/wood-fence-installation': 'Wood Fence Installation' }
    const page = (lang: 'en' | 'es') =>
      resultsHtml(r, { lang, businessName: 'Ironwood', styles: { ...defaultTheme, mainColor: '#dc2626' }, pageTitles: titles })
    const en = page('en')
    const cells = (html: string) => [...html.matchAll(/<td class="(\w+)">([^]*?)<\/td>/g)].map((m) => m[2]!.replace(/<[^>]+>/g, ''))
    expect(cells(en)).toEqual(
      expect.arrayContaining(['Google', '1 estimate request, 1 call, 1 chat, 2 maps opened', 'Home page', 'Wood Fence Installation']),
    )
    expect(cells(en).join('|')).toContain('fall|google|cpc|1|')
    expect(cells(en).join('|')).toContain('fall|—|email|1|')
    expect(en).not.toMatch(/\b1 (calls|visitors|estimate requests)\b|campaign: |medium: |\/wood-fence-installation</)
    const es = page('es')
    expect(cells(es)).toEqual(
      expect.arrayContaining(['1 solicitud de presupuesto, 1 llamada, 1 chat, 2 mapas abiertos', 'Página de inicio']),
    )
    expect(es).not.toMatch(/\b1 (solicitudes|llamadas|visitantes)\b/)
    // The big figures in neutral ink, never the brand's red next to a red "worse".
    expect(en).toMatch(/\.card \.value \{[^}]*color: #0f172a/)
    expect(en).not.toMatch(/\.card[^{]*\{[^}]*#dc2626/)
  })
})
