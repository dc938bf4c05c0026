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
  test('the same record, plus each given value it could not use, with its path', () => {
    const raw = {
      styles: { mainColor: 'url(x)' },
      dbPrincipal: { name: 42, miles: 'far', phones: [null, 7, { phone: ['303'] }] },
      gallery: ['https://ok.example/a.jpg', 'javascript:alert(1)', '  '],
      reviews: 'on',
      autoGntLandingFromService: 'yes',
    }
    const { record, issues } = parsePageRecordWithIssues(raw)
    expect(record).toEqual(parsePageRecord(raw))
    expect(issues).toEqual([
      { path: 'styles.mainColor', found: '"url(x)"', expected: 'a CSS colour (#hex, rgb(), hsl() or a name)', used: "the theme's #1f4e79" },
      { path: 'dbPrincipal.miles', found: '"far"', expected: 'a number of 0 or more', used: 'no number' },
      { path: 'dbPrincipal.phones[1]', found: '7', expected: 'an object', used: 'entry dropped' },
      { path: 'dbPrincipal.phones[2].phone', found: '["303"]', expected: 'text', used: 'empty text' },
      {
        path: 'gallery[1]',
        found: '"javascript:alert(1)"',
        expected: 'an http(s) address of a picture (or a /path on this site)',
        used: 'nothing',
      },
      { path: 'reviews', found: '"on"', expected: 'an object', used: 'every field empty' },
      { path: 'autoGntLandingFromService', found: '"yes"', expected: 'true or false', used: 'false' },
    ])
  })

  test('a missing or null value is not an issue, and a plain parse collects nothing', () => {
    expect(parsePageRecordWithIssues({ dbPrincipal: { name: null }, gallery: [null] }).issues).toEqual([])
    expect(parsePageRecordWithIssues(null).issues).toEqual([])
  })
})
