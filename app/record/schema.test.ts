import { describe, expect, test } from 'vitest'
import { emptyRecord, parsePageRecord, parsePageRecordWithIssues } from './schema.ts'
import { defaultTheme } from './theme.ts'

describe('parsePageRecord', () => {
  test('keeps a well-formed record as typed data', () => {
    const record = parsePageRecord({
      styles: { mainColor: '#123456', btn: 'rgb(10, 20, 30)', overlayColor: 'rgba(0,0,0,0.5)' },
      dbPrincipal: {
        name: 'Acme Fence',
        logo: 'https://cdn.example.com/logo.png',
        exprYears: 15,
        miles: '1,500',
        phones: [{ phone: '303-555-0100', name: 'Office' }],
        location: [{ address: '1 Main St', url: 'https://www.google.com/maps/embed?pb=x' }],
      },
      dbServices: [{ name: 'Wood Fence', description: [{ text: 'Cedar', img: '/demo/images/a.webp', lists: ['One', 'Two'] }] }],
      reviews: { activo: true, isHomeOnly: false, links: ['elfsight-app-1'] },
      simpleWidgets: [{ val: 'WhatsappBtn', activo: true }],
      autoGntLandingFromService: true,
    })
    expect(record.styles.mainColor).toBe('#123456')
    expect(record.styles.btn).toBe('rgb(10, 20, 30)')
    expect(record.styles.overlayColor).toBe('rgba(0,0,0,0.5)')
    expect(record.dbPrincipal.name).toBe('Acme Fence')
    expect(record.dbPrincipal.logo).toBe('https://cdn.example.com/logo.png')
    expect(record.dbPrincipal.exprYears).toBe(15)
    expect(record.dbPrincipal.miles).toBe(1500)
    expect(record.dbPrincipal.phones).toEqual([{ phone: '303-555-0100', name: 'Office' }])
    expect(record.dbServices[0]?.description[0]).toEqual({ text: 'Cedar', img: '/demo/images/a.webp', lists: ['One', 'Two'] })
    expect(record.reviews).toEqual({ activo: true, isHomeOnly: false, links: ['elfsight-app-1'] })
    expect(record.simpleWidgets).toEqual([{ val: 'WhatsappBtn', activo: true }])
    expect(record.autoGntLandingFromService).toBe(true)
    expect(record.customLinks).toBe(false)
  })

  test('turns missing fields into empty defaults', () => {
    const record = parsePageRecord({ dbPrincipal: { name: 'Only a name' } })
    expect(record.dbPrincipal.phones).toEqual([])
    expect(record.dbServices).toEqual([])
    expect(record.gallery).toEqual([])
    expect(record.ytGallery).toEqual({ linkCanalYT: '', links: [] })
    expect(record.styles).toEqual(defaultTheme)
    expect(record.labels.formLabel.isenglish).toBe(true)
  })

  test.each([null, undefined, 42, 'a string', [], true])('never throws, even for %p', (input) => {
    expect(parsePageRecord(input)).toEqual(emptyRecord)
  })

  test('wrong-typed fields become defaults without spoiling their neighbours', () => {
    const record = parsePageRecord({
      dbPrincipal: { name: { evil: true }, phones: 'not a list', emails: [{ email: 7 }], exprYears: 'many' },
      dbServices: [{ name: 'Deck', description: 'oops' }, 'not an object', 12],
      gallery: 'x',
      reviews: [],
      simpleWidgets: [{ val: 'ReviewTab', activo: 'yes' }],
    })
    expect(record.dbPrincipal.name).toBe('')
    expect(record.dbPrincipal.phones).toEqual([])
    expect(record.dbPrincipal.emails).toEqual([{ email: '7' }])
    expect(record.dbPrincipal.exprYears).toBeNull()
    expect(record.dbServices).toEqual([{ name: 'Deck', description: [] }])
    expect(record.gallery).toEqual([])
    expect(record.reviews.activo).toBe(false)
    expect(record.simpleWidgets).toEqual([{ val: 'ReviewTab', activo: false }])
  })

  test('drops null entries in lists and ignores unknown keys', () => {
    const record = parsePageRecord({ dbSlogan: [null, { slogan: 'Built right', extra: 1 }, undefined], unknownTopLevel: { a: 1 } })
    expect(record.dbSlogan).toEqual([{ slogan: 'Built right' }])
    expect(record).not.toHaveProperty('unknownTopLevel')
  })

  test('lets only http(s) and root-relative URLs through', () => {
    const record = parsePageRecord({
      dbPrincipal: { logo: 'javascript:alert(1)', favicon: 'data:image/png;base64,AAAA' },
      gallery: [
        'https://ok.example/a.jpg',
        'vbscript:msgbox(1)',
        ' JAVASCRIPT:alert(1)',
        '//evil.example/x.png',
        '/demo/images/b.webp',
        'http://ok.example/c.jpg',
      ],
      gmb: { link: 'java\tscript:alert(1)', img: 'https://ok.example/gmb.png' },
      dbSocialMedia: { redes: [{ name: 'fb', url: 'file:///etc/passwd', icon: 'facebook' }] },
    })
    expect(record.dbPrincipal.logo).toBe('')
    expect(record.dbPrincipal.favicon).toBe('')
    expect(record.gallery).toEqual(['https://ok.example/a.jpg', '/demo/images/b.webp', 'http://ok.example/c.jpg'])
    expect(record.gmb).toEqual({ link: '', img: 'https://ok.example/gmb.png' })
    expect(record.dbSocialMedia.redes[0]?.url).toBe('')
  })

  test('lets only colour literals through, falling back to the default theme colour', () => {
    const record = parsePageRecord({
      styles: {
        mainColor: 'red;} body{display:none',
        secondaryColor: 'url(https://evil.example/x)',
        btn: 'expression(alert(1))',
        btnHover: '#abc',
        bgFooter: 'DarkSlateGray',
        scrollColor: 'hsl(120 50% 40%)',
        headingTextColor: '</style><script>alert(1)</script>',
      },
    })
    expect(record.styles.mainColor).toBe(defaultTheme.mainColor)
    expect(record.styles.secondaryColor).toBe(defaultTheme.secondaryColor)
    expect(record.styles.btn).toBe(defaultTheme.btn)
    expect(record.styles.headingTextColor).toBe(defaultTheme.headingTextColor)
    expect(record.styles.btnHover).toBe('#abc')
    expect(record.styles.bgFooter).toBe('DarkSlateGray')
    expect(record.styles.scrollColor).toBe('hsl(120 50% 40%)')
  })

  test('the promo video link may be a bare YouTube id', () => {
    expect(parsePageRecord({ videosPromo: [{ activo: true, link: 'aqz-KE-bpKQ' }] }).videosPromo[0]?.link).toBe('aqz-KE-bpKQ')
  })

  test('keeps text as text: markup is data, not HTML', () => {
    const record = parsePageRecord({ dbAbout: [{ text: '<img src=x onerror=alert(1)>', list: ['<script>x</script>'] }] })
    expect(record.dbAbout[0]).toEqual({ text: '<img src=x onerror=alert(1)>', list: ['<script>x</script>'] })
  })

  test('isenglish is only false when the record says so', () => {
    expect(parsePageRecord({ labels: { formLabel: { isenglish: false } } }).labels.formLabel.isenglish).toBe(false)
    expect(parsePageRecord({ labels: { formLabel: { isenglish: 'false' } } }).labels.formLabel.isenglish).toBe(false)
    expect(parsePageRecord({ labels: { formLabel: {} } }).labels.formLabel.isenglish).toBe(true)
  })
})

describe('parsePageRecordWithIssues', () => {
  const refused = (path: string, found: string, expected: string, used: string) => ({ kind: 'refused', path, found, expected, used })

  test('the same record, plus each given value it could not use, with its path', () => {
    const raw = {
      styles: { mainColor: 'url(x)' },
      dbPrincipal: { name: 'Acme', miles: 'far', phones: [7, { phone: ['303'] }] },
      gallery: ['https://ok.example/a.jpg', 'javascript:alert(1)'],
      reviews: 'on',
      autoGntLandingFromService: 'yes',
    }
    const { record, issues } = parsePageRecordWithIssues(raw)
    expect(record).toEqual(parsePageRecord(raw))
    expect(issues).toEqual([
      refused('styles.mainColor', '"url(x)"', 'a CSS colour (#hex, rgb(), hsl() or a name)', "the theme's #1f4e79"),
      refused('dbPrincipal.miles', '"far"', 'a number of 0 or more', 'no number'),
      refused('dbPrincipal.phones[0]', '7', 'an object', 'entry dropped'),
      refused(
        'dbPrincipal.phones[1].phone',
        '["303"]',
        'a phone number to dial: 10 digits with the area code, or + and the country code',
        'empty text',
      ),
      refused('gallery[1]', '"javascript:alert(1)"', 'an http(s) address of a picture (or a /path on this site)', 'nothing'),
      refused('reviews', '"on"', 'an object', 'every field empty'),
      refused('autoGntLandingFromService', '"yes"', 'true or false', 'false'),
    ])
  })

  test('a value of another type the site converted: what was there and what was used', () => {
    const raw = {
      dbPrincipal: { name: 42, exprYears: '15', miles: 30, emails: [{ email: 5 }] },
      reviews: { activo: 1, isHomeOnly: 'false' },
      labels: { formLabel: { isenglish: 'false' } },
      customLinks: true,
    }
    expect(parsePageRecordWithIssues(raw).issues).toEqual([
      { kind: 'converted', path: 'dbPrincipal.name', found: '42', expected: 'text', used: '"42"' },
      { kind: 'converted', path: 'dbPrincipal.exprYears', found: '"15"', expected: 'a number of 0 or more', used: '15' },
      { kind: 'converted', path: 'dbPrincipal.emails[0].email', found: '5', expected: 'text', used: '"5"' },
      { kind: 'converted', path: 'reviews.activo', found: '1', expected: 'true or false', used: 'true' },
      { kind: 'converted', path: 'reviews.isHomeOnly', found: '"false"', expected: 'true or false', used: 'false' },
      { kind: 'converted', path: 'labels.formLabel.isenglish', found: '"false"', expected: 'true or false', used: 'Spanish' },
    ])
  })

  test('a null is given: replaced by a default, an empty list or dropped, each noted; only a number keeps its null', () => {
    const raw = {
      styles: null,
      dbPrincipal: { name: null, exprYears: null, phones: [null, { phone: '303-555-0142' }], workdays: null },
      gallery: ['/a.webp', null],
      reviews: { activo: null },
      gmb: null,
    }
    const { record, issues } = parsePageRecordWithIssues(raw)
    expect(record.styles).toEqual(defaultTheme)
    expect(record.dbPrincipal.phones).toEqual([{ phone: '303-555-0142', name: '' }])
    expect(issues).toEqual([
      { kind: 'null', path: 'styles', found: 'null', expected: 'an object', used: "every colour the theme's own" },
      { kind: 'null', path: 'dbPrincipal.name', found: 'null', expected: 'text', used: 'empty text' },
      { kind: 'null', path: 'dbPrincipal.phones[0]', found: 'null', expected: 'an object', used: 'entry dropped' },
      { kind: 'null', path: 'dbPrincipal.workdays', found: 'null', expected: 'a list', used: 'an empty list' },
      {
        kind: 'null',
        path: 'gallery[1]',
        found: 'null',
        expected: 'an http(s) address of a picture (or a /path on this site)',
        used: 'entry dropped',
      },
      { kind: 'null', path: 'reviews.activo', found: 'null', expected: 'true or false', used: 'false' },
      { kind: 'null', path: 'gmb', found: 'null', expected: 'an object', used: 'every field empty' },
    ])
  })

  test('an empty entry dropped from a list is noted; a refused one is noted once', () => {
    const raw = { gallery: ['/a.webp', '', '  ', 'javascript:x'], reviews: { links: ['elfsight-app-1', ' '] } }
    const { record, issues } = parsePageRecordWithIssues(raw)
    expect(record.gallery).toEqual(['/a.webp'])
    expect(issues.map((i) => `${i.kind} ${i.path} = ${i.found}: ${i.used}`)).toEqual([
      'dropped gallery[1] = "": entry dropped',
      'dropped gallery[2] = "  ": entry dropped',
      'refused gallery[3] = "javascript:x": nothing',
      'dropped reviews.links[1] = " ": entry dropped',
    ])
  })

  test('the keys an object does not know: one issue per object, each key with the nearest known key when one is close', () => {
    const raw = {
      _id: 'x1',
      dbServies: [{ name: 'Fences' }],
      Gallery: [],
      dbPrincipal: { name: 'Acme', phone: '303-555-0142', licenced: 'yes', emails: [{ email: 'a@b.example', mail: 'c@d.example' }] },
    }
    const { record, issues } = parsePageRecordWithIssues(raw)
    expect(record.dbServices).toEqual([])
    expect(issues).toEqual([
      {
        kind: 'unknown keys',
        path: 'dbPrincipal.emails[0]',
        found: '"mail"',
        expected: 'keys the site knows',
        used: 'ignored',
        keys: [{ key: 'mail', suggestion: 'email' }],
        more: 0,
      },
      {
        kind: 'unknown keys',
        path: 'dbPrincipal',
        found: '"phone", "licenced"',
        expected: 'keys the site knows',
        used: 'ignored',
        keys: [
          { key: 'phone', suggestion: 'phones' },
          { key: 'licenced', suggestion: 'licensed' },
        ],
        more: 0,
      },
      {
        kind: 'unknown keys',
        path: '(top level)',
        found: '"_id", "dbServies", "Gallery"',
        expected: 'keys the site knows',
        used: 'ignored',
        keys: [
          { key: '_id', suggestion: null },
          { key: 'dbServies', suggestion: 'dbServices' },
          { key: 'Gallery', suggestion: 'gallery' },
        ],
        more: 0,
      },
    ])
  })

  test('an object with thousands of unknown keys: the first 50 named, each cut, and how many more', () => {
    const raw = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`${'k'.repeat(100)}${i}`, i]))
    const [issue] = parsePageRecordWithIssues(raw).issues
    expect(issue?.keys).toHaveLength(50)
    expect(issue?.keys?.[0]).toEqual({ key: `${'k'.repeat(59)}…`, suggestion: null })
    expect(issue?.more).toBe(1950)
    expect(issue?.found).toMatch(/… and 1950 more$/)
  })

  test('a missing key is not an issue, nor a value used as given, and a plain parse collects nothing', () => {
    expect(parsePageRecordWithIssues({ dbPrincipal: { name: 'Acme', exprYears: 15, phones: [] }, customLinks: true }).issues).toEqual([])
    expect(parsePageRecordWithIssues({}).issues).toEqual([])
    expect(parsePageRecordWithIssues(undefined).issues).toEqual([])
  })

  test('a record that is null or not an object at all: one line for the whole record', () => {
    expect(parsePageRecordWithIssues(null).issues).toEqual([
      { kind: 'null', path: '(top level)', found: 'null', expected: 'an object', used: 'every field empty' },
    ])
    expect(parsePageRecordWithIssues('garbage').issues).toEqual([
      { kind: 'refused', path: '(top level)', found: '"garbage"', expected: 'an object', used: 'every field empty' },
    ])
  })
})
