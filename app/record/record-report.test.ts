import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import demo from '../../demo/record.json'
import { fieldPath } from './parse-issues.ts'
import { buildRecordReport, recordReportSchema, type RecordReport } from './record-report.ts'
import { parsePageRecordWithIssues } from './schema.ts'
import { anyValue, recordLike } from '#tests/records/arbitrary.ts'
import { hostileRecords } from '#tests/records/hostile.ts'
import { mangled } from '#tests/records/mangled.ts'
import { handTyped, sparseSpanish } from '#tests/records/typed-by-hand.ts'

const reportOf = (raw: unknown) => buildRecordReport({ ...parsePageRecordWithIssues(raw), site: 'test', source: 'a test' })
const blocks = (report: RecordReport) => report.pages.flatMap((p) => p.blocks.map((b) => ({ page: p.path, ...b })))
const notShown = (report: RecordReport) =>
  blocks(report)
    .filter((b) => b.status !== 'shown')
    .map((b) => `${b.status} ${b.page} ${b.name}: ${b.reason?.field} = ${b.reason?.value}: ${b.reason?.why}`)
const fields = (report: RecordReport) => report.fields.map((f) => `${f.path} = ${f.found} (expected ${f.expected}; used ${f.used})`)
const [hostileName, hostile] = hostileRecords(demo)[0]!
const wrongTypes = hostileRecords(demo)[2]![1]

describe('the record report', () => {
  test('the demo: everything shown, nothing refused or adjusted, English', () => {
    const report = reportOf(demo)
    expect(report.counts).toEqual({ hidden: 0, refused: 0, adjusted: 0, imagesFailed: 0 })
    expect(report.ok).toBe(true)
    expect(report.language.lang).toBe('en')
    expect(notShown(report)).toEqual(['off / Home reviews: reviews.isHomeOnly = false: reviews are not for the home page'])
    expect(report.links[0]).toEqual({
      kind: 'service',
      field: 'dbServices[0].name',
      name: 'Wood Fence Installation',
      path: '/wood-fence-installation',
      specPath: '/wood-fence%20installation',
      problem: '',
    })
    expect(report.limits.map((l) => `${l.field} ${l.length} > ${l.limit}`)).toEqual([
      'dbAbout[0].text 506 > 181',
      'dbAbout[0].text 506 > 150',
      'dbServices 11 > 6',
      'dbServices 11 > 8',
    ])
    expect(report.images.find((i) => i.url === '/demo/images/logo.webp')).toEqual({
      url: '/demo/images/logo.webp',
      fields: ['dbPrincipal.logo'],
      status: 'not checked',
      detail: 'not fetched',
    })
  })

  test('a record typed by hand: each hidden block with its field, value and reason', () => {
    const report = reportOf(handTyped)
    expect(notShown(report)).toEqual([
      'hidden * Logo: dbPrincipal.logo = "": no logo (the record\'s dbPrincipal.logo "ftp://files.example/logo.png" was refused)',
      'hidden * Header phone and call button: dbPrincipal.phones = ["call us"]: no number that can be dialled (10 digits with the area code, or + and the country code)',
      'off * Footer payment picture: tiposPago = []: no active entry',
      'hidden * Chat widget (WhatsappBtn): dbPrincipal.phones = ["call us"]: no number that can be dialled (10 digits with the area code, or + and the country code)',
      'off * Visits counter (VisitsCounter): simpleWidgets = "VisitsCounter": VisitsCounter is not active',
      'hidden * Call widget (CallUsNow): dbPrincipal.phones = ["call us"]: no number that can be dialled (10 digits with the area code, or + and the country code)',
      'off * Weather widget (Wheather): simpleWidgets = "Wheather": Wheather is not active',
      'off * Review tab (ReviewTab): simpleWidgets = "ReviewTab": ReviewTab is not active',
      'off * Colour palette (ModalColores): simpleWidgets = "ModalColores": ModalColores is not active',
      'hidden * Widget "Whatsapp": simpleWidgets[2].val = "Whatsapp": not a widget the site knows (WhatsappBtn, VisitsCounter, CallUsNow, Wheather, ReviewTab, ModalColores)',
      'hidden / Promo video: videosPromo[0].link = "https://vimeo.com/12345": not a YouTube video link or id',
      'hidden / Statistics: years and miles: dbPrincipal.exprYears = null: years and miles are shown only when both are above 0 (the record\'s dbPrincipal.exprYears "12 years" was refused)',
      'off / Home reviews: reviews.isHomeOnly = false: reviews are not for the home page',
      'hidden / Branding logos: brandingExtra[0].img = "": an active logos block needs a picture',
      'hidden / Coverage map: dbPrincipal.location[0].url = "": no map link for the first location (the record\'s dbPrincipal.location[0].url "javascript:alert(1)" was refused)',
      'hidden /gallery Landing "Cedar": landings[0].gallery = []: a landing needs photos',
      'off /gallery Photo grids: gallery = []: no landings, gallery or stock photos',
      'hidden /reviews Reviews page and menu entry: reviews.activo = false: reviews are not active (the record\'s reviews.activo "yes" was refused)',
      'hidden /our-videos Video 2: ytGallery.links[1] = "my best video": not a YouTube video link or id',
      'hidden /contact Coverage map: dbPrincipal.location[0].url = "": no map link for the first location (the record\'s dbPrincipal.location[0].url "javascript:alert(1)" was refused)',
      'off /find-us-on Business listing link: gmb.link = "": no gmb.link',
      'hidden /find-us-on Chat-app link: dbPrincipal.phones = ["call us"]: no number that can be dialled (10 digits with the area code, or + and the country code)',
      'hidden /{name} Service "Contact" /contact: dbServices[1].name = "Contact": /contact is one of the site\'s own pages: this entry\'s page can never be reached',
      'hidden /{name} Service "fences  gates" /fences-gates: dbServices[2].name = "fences  gates": "Fences & Gates!!" comes first with the same address: this entry\'s page can never be reached',
      'hidden /{name} Service "!!!": dbServices[3].name = "!!!": the name has no letters or digits to make an address from: no page',
    ])
    expect(report.counts).toEqual({ hidden: 17, refused: 9, adjusted: 4, imagesFailed: 0 })
    expect(report.ok).toBe(false)
  })

  test('a record typed by hand: every value it could not use, with what was there and what was expected', () => {
    expect(fields(reportOf(handTyped))).toEqual([
      "styles.btn = 5 (expected a CSS colour (#hex, rgb(), hsl() or a name); used the theme's #c2410c)",
      'dbPrincipal.logo = "ftp://files.example/logo.png" (expected an http(s) address of a picture (or a /path on this site); used nothing)',
      'dbPrincipal.exprYears = "12 years" (expected a number of 0 or more; used no number)',
      'dbPrincipal.phones[0].phone = "call us" (expected a phone number to dial: 10 digits with the area code, or + and the country code; used the text as typed, with no call link)',
      'dbPrincipal.phones[1] = "none" (expected an object; used entry dropped)',
      'dbPrincipal.location[0].url = "javascript:alert(1)" (expected an http(s) address; used nothing)',
      'dbAbout[0].list = "posts, rails" (expected a list; used an empty list)',
      'reviews.activo = "yes" (expected true or false; used false)',
      'customLinks = "yes" (expected true or false; used false)',
    ])
  })

  test('a record typed by hand: each adjusted colour, the pair it serves and both contrasts', () => {
    expect(reportOf(handTyped).colours).toEqual([
      {
        field: 'styles.secondaryColor',
        serves: 'secondaryColor as eyebrows, links, hover and icons on the light surfaces',
        given: 'gold',
        used: '#826c00',
        before: 1.28,
        after: 4.68,
        minRatio: 4.5,
      },
      {
        field: 'styles.iconsMenuMovil',
        serves: 'the phone menu toggle on the white header (and its hover)',
        given: 'white',
        used: '#8c8c8c',
        before: 1,
        after: 3.07,
        minRatio: 3,
      },
      {
        field: 'styles.secondaryColor',
        serves: 'secondaryColor as the keyboard focus ring on the light surfaces',
        given: 'gold',
        used: '#a48900',
        before: 1.28,
        after: 3.11,
        minRatio: 3,
      },
      {
        field: 'styles.overlayColor',
        serves: 'text on photos under overlayColor',
        given: 'rgba(255, 255, 255, 0.2)',
        used: 'rgba(255, 255, 255, 0.5)',
        before: 1.41,
        after: 4.52,
        minRatio: 4.5,
      },
    ])
  })

  test('a record typed by hand: service and landing addresses, the spec form that redirects, and collisions', () => {
    expect(reportOf(handTyped).links.map((l) => [l.name, l.path, l.specPath, l.problem])).toEqual([
      ['Fences & Gates!!', '/fences-gates', '/fences-&%20gates!!', ''],
      ['Contact', '/contact', '/contact', "/contact is one of the site's own pages: this entry's page can never be reached"],
      [
        'fences  gates',
        '/fences-gates',
        '/fences-%20gates',
        '"Fences & Gates!!" comes first with the same address: this entry\'s page can never be reached',
      ],
      ['!!!', '', '/!!!', 'the name has no letters or digits to make an address from: no page'],
      ['Cedar', '/gallery/cedar', '/gallery/cedar', ''],
    ])
  })

  test('a sparse Spanish record: served in Spanish; the active weather widget has no place to show; its 7-digit phone cannot be dialled', () => {
    const report = reportOf(sparseSpanish)
    expect(report.language).toEqual({
      lang: 'es',
      field: 'labels.formLabel.isenglish',
      why: 'isenglish is false: the whole site is served in Spanish',
    })
    expect(notShown(report).filter((b) => b.startsWith('hidden'))).toEqual([
      `hidden * Header phone and call button: dbPrincipal.phones = ["555-0100"]: ${'no number that can be dialled (10 digits with the area code, or + and the country code)'}`,
      'hidden * Weather widget (Wheather): dbPrincipal.location[0] = null: no address or map link to take the weather at',
      `hidden /find-us-on Chat-app link: dbPrincipal.phones = ["555-0100"]: ${'no number that can be dialled (10 digits with the area code, or + and the country code)'}`,
    ])
    expect(report.fields).toEqual([
      {
        path: 'dbPrincipal.phones[0].phone',
        found: '"555-0100"',
        expected: 'a phone number to dial: 10 digits with the area code, or + and the country code',
        used: 'the text as typed, with no call link',
      },
    ])
    expect(report.counts).toEqual({ hidden: 3, refused: 1, adjusted: 0, imagesFailed: 0 })
  })

  test(`a hostile record (${hostileName}): every refused URL and colour is named, no colour reaches the theme`, () => {
    const report = reportOf(hostile)
    const injected = 'red;}</style><script>window.__xss=1</script><style>body{display:none'
    expect(report.fields).toContainEqual({
      path: 'styles.mainColor',
      found: JSON.stringify(injected),
      expected: 'a CSS colour (#hex, rgb(), hsl() or a name)',
      used: "the theme's #1f4e79",
    })
    expect(report.fields.filter((f) => f.path.startsWith('styles.')).map((f) => f.path)).toHaveLength(11)
    expect(report.images).toContainEqual({
      url: '"javascript:window.__xss=1"',
      fields: ['dbPrincipal.logo'],
      status: 'refused',
      detail: 'not an http(s) address: never fetched',
    })
    expect(report.fields).toContainEqual({
      path: 'dbPrincipal.location[0].url',
      found: '"vbscript:msgbox(1)"',
      expected: 'an http(s) address',
      used: 'nothing',
    })
    expect(report.colours).toEqual([])
    expect(report.images.every((i) => i.status === 'refused')).toBe(true)
  })

  test('a record with every value of the wrong type: the paths the site could not use', () => {
    const paths = reportOf(wrongTypes).fields.map((f) => `${f.path} = ${f.found}`)
    expect(paths).toEqual(
      expect.arrayContaining([
        'styles.mainColor = {"nested":[1,2]}',
        'dbPrincipal.name = {"nested":[1,2]}',
        'dbPrincipal.exprYears = "str"',
        'dbPrincipal.phones[0].phone = {"nested":[1,2]}',
        'dbServices[0].description[0].img = {"nested":[1,2]}',
        'gallery[0] = {"nested":[1,2]}',
        'videosPromo[0].activo = "yes"',
        'labels.formLabel.isenglish = "yes"',
        'simpleWidgets[0].activo = "yes"',
      ]),
    )
  })

  test('every report is valid against the exported schema', () => {
    for (const raw of [demo, handTyped, sparseSpanish, mangled, hostile, wrongTypes, null, 'garbage']) {
      expect(recordReportSchema.safeParse(JSON.parse(JSON.stringify(reportOf(raw)))).success).toBe(true)
    }
  })
})

describe('a record mangled by hand: every place the site did not use exactly what it gave', () => {
  const report = reportOf(mangled)
  const line = (path: string, found: string, expected: string, used: string) => ({ path, found, expected, used })
  const PHONE = 'a phone number to dial: 10 digits with the area code, or + and the country code'

  test('values refused', () => {
    expect(report.fields).toEqual([
      line('dbPrincipal.phones[2].phone', '"555"', PHONE, 'the text as typed, with no call link'),
      line('labels.general', '"Our services"', 'an object', 'every field empty'),
    ])
  })

  test('values converted from another type, nulls replaced, empty entries dropped', () => {
    const TEXT = 'text'
    const NUMBER = 'a number of 0 or more'
    const FLAG = 'true or false'
    const PICTURE = 'an http(s) address of a picture (or a /path on this site)'
    expect(report.substituted).toEqual([
      { kind: 'null', ...line('styles', 'null', 'an object', "every colour the theme's own") },
      { kind: 'converted', ...line('dbPrincipal.name', '2024', TEXT, '"2024"') },
      { kind: 'converted', ...line('dbPrincipal.exprYears', '"15"', NUMBER, '15') },
      { kind: 'converted', ...line('dbPrincipal.miles', '"1,500"', NUMBER, '1500') },
      { kind: 'converted', ...line('dbPrincipal.phones[1].phone', '5555555555', PHONE, '"5555555555"') },
      { kind: 'null', ...line('dbPrincipal.phones[3]', 'null', 'an object', 'entry dropped') },
      { kind: 'null', ...line('dbPrincipal.emails[0]', 'null', 'an object', 'entry dropped') },
      { kind: 'converted', ...line('dbPrincipal.emails[1].email', '5', TEXT, '"5"') },
      { kind: 'null', ...line('dbPrincipal.workdays', 'null', 'a list', 'an empty list') },
      { kind: 'dropped', ...line('dbServices[0].description[0].lists[1]', '""', TEXT, 'entry dropped') },
      { kind: 'null', ...line('dbServices[0].description[0].lists[2]', 'null', TEXT, 'entry dropped') },
      { kind: 'converted', ...line('dbServices[0].description[0].lists[3]', '7', TEXT, '"7"') },
      { kind: 'null', ...line('dbServices[1].description', 'null', 'a list', 'an empty list') },
      { kind: 'dropped', ...line('gallery[1]', '""', PICTURE, 'entry dropped') },
      { kind: 'null', ...line('gallery[2]', 'null', PICTURE, 'entry dropped') },
      { kind: 'null', ...line('videosPromo', 'null', 'a list', 'an empty list') },
      { kind: 'converted', ...line('reviews.activo', '1', FLAG, 'true') },
      { kind: 'converted', ...line('reviews.isHomeOnly', '"false"', FLAG, 'false') },
      { kind: 'null', ...line('reviews.links', 'null', 'a list', 'an empty list') },
      { kind: 'null', ...line('gmb.link', 'null', 'an http(s) address', 'nothing') },
      { kind: 'converted', ...line('labels.formLabel.isenglish', '"true"', FLAG, 'English') },
      { kind: 'converted', ...line('simpleWidgets[0].activo', '"true"', FLAG, 'true') },
      { kind: 'converted', ...line('customLinks', '0', FLAG, 'false') },
    ])
  })

  test('keys the site does not know, one line per object, with the key each typo was meant to be', () => {
    expect(report.unknownKeys).toEqual([
      { path: 'dbPrincipal.phones[0]', found: '"ext"', keys: [{ key: 'ext', suggestion: null }], more: 0 },
      { path: 'dbPrincipal', found: '"licenced"', keys: [{ key: 'licenced', suggestion: 'licensed' }], more: 0 },
      {
        path: '(top level)',
        found: '"_id", "dbServies", "Gallery"',
        keys: [
          { key: '_id', suggestion: null },
          { key: 'dbServies', suggestion: 'dbServices' },
          { key: 'Gallery', suggestion: 'gallery' },
        ],
        more: 0,
      },
    ])
  })

  test('a typo of a known key counts as refused (what it holds is not used), other unknown keys and substitutions do not', () => {
    // The phone too short to dial, labels.general, and licenced, dbServies and Gallery: each holds what the site would have shown.
    expect(report.counts.refused).toBe(5)
    expect(report.ok).toBe(false)
    const { dbServies, Gallery, labels, ...typoFree } = mangled
    const { licenced, ...principal } = mangled.dbPrincipal
    expect([dbServies, Gallery, labels, licenced]).not.toContain(undefined)
    const clean = reportOf({ ...typoFree, dbPrincipal: principal })
    expect(clean.counts.refused).toBe(1) // the phone
    expect(clean.substituted.length).toBeGreaterThan(20)
    expect(clean.unknownKeys.flatMap((u) => u.keys.map((k) => k.key))).toEqual(['ext', '_id'])
  })
})

/**
 * The rule read independently of the parse: every path where the parsed record differs from what the
 * raw record gave (a value replaced, a list entry missing, a key ignored). Strings equal but for the
 * spaces around them count as the same (a URL or colour is used trimmed), and so does a URL and its
 * normal form (the same address). A list's entries are matched
 * after leaving out those the report says it dropped; if that does not account for every entry, the
 * list itself is a difference.
 */
function differences(raw: unknown, parsed: unknown, report: RecordReport, path: (string | number)[] = []): string[] {
  if (raw === undefined) return []
  const here = fieldPath(path)
  const lines = [...report.fields, ...report.substituted]
  if (Array.isArray(parsed)) {
    if (!Array.isArray(raw)) return [here]
    const dropped = (i: number) =>
      lines.some(
        (l) => l.path === fieldPath([...path, i]) && (l.used === 'entry dropped' || l.used === 'nothing' || l.used === 'empty text'),
      )
    const kept = raw.flatMap((entry, i) => (dropped(i) ? [] : [{ entry, i }]))
    if (kept.length !== parsed.length) return [`${here}: ${raw.length - parsed.length} entries left out, ${raw.length - kept.length} named`]
    return kept.flatMap(({ entry, i }, j) => differences(entry, parsed[j], report, [...path, i]))
  }
  if (parsed !== null && typeof parsed === 'object') {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [here]
    return Object.entries(raw).flatMap(([key, value]) =>
      Object.hasOwn(parsed, key)
        ? differences(value, (parsed as Record<string, unknown>)[key], report, [...path, key])
        : [`${here} key ${JSON.stringify(key)}`],
    )
  }
  const same = Object.is(raw, parsed) || (typeof raw === 'string' && typeof parsed === 'string' && sameText(raw, parsed))
  return same ? [] : [here]
}

/** Equal but for the spaces around, or the same address written in its normal form (`https://a.example` → `https://a.example/`). */
function sameText(raw: string, parsed: string) {
  if (raw.trim() === parsed) return true
  try {
    return new URL(raw.trim()).href === parsed
  } catch {
    return false
  }
}

/** The differences no line of the report names. */
function unreported(raw: unknown): string[] {
  const { record, issues } = parsePageRecordWithIssues(raw)
  const report = buildRecordReport({ record, issues, site: 'test', source: 'a test' })
  const named = new Set([...report.fields, ...report.substituted].map((l) => l.path))
  for (const u of report.unknownKeys) {
    for (const k of u.keys) named.add(`${u.path} key ${JSON.stringify(k.key)}`)
  }
  return differences(raw, record, report).filter((d) => !named.has(d))
}

describe('the report names every difference between what the record gave and what the site used', () => {
  test.each([
    ['the mangled record', mangled],
    ['the record typed by hand', handTyped],
    ...hostileRecords(demo).filter(([name]) => !name.startsWith('10 000')),
  ])('%s', (_name, raw) => {
    expect(unreported(raw)).toEqual([])
  })

  test('any record at all (property-based)', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, recordLike), (raw) => {
        expect(unreported(raw)).toEqual([])
      }),
      { numRuns: 200 },
    )
  })

  test('the oracle sees a difference the report does not name', () => {
    // A key the schema knows, with a value the parse changed: were the note missing, this is what would be said.
    const { record } = parsePageRecordWithIssues({ dbPrincipal: { name: 42 } })
    const silent = buildRecordReport({ record, issues: [], site: 'test', source: 'a test' })
    expect(differences({ dbPrincipal: { name: 42, nmae: 'x' }, gallery: [null] }, record, silent)).toEqual([
      'dbPrincipal.name',
      'dbPrincipal key "nmae"',
      'gallery: 1 entries left out, 0 named',
    ])
  })
})
