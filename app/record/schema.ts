import { z } from 'zod'
import { at, collectIssues, leaf, note, notedSoFar, noteUnknownKeys, type FieldIssue } from './parse-issues.ts'
import { dialNumber, PHONE_EXPECTED } from './phone-numbers.ts'
import { isCssColor, safeUrl, toCount, toFlag, toText } from './safe-values.ts'
import { defaultTheme } from './theme.ts'

export type { FieldIssue } from './parse-issues.ts'

/**
 * The page record from the provider, parsed tolerantly: parsing never throws. A field
 * of the wrong type becomes its empty default, `null` list entries are dropped, unknown
 * keys are ignored, URLs pass only as http(s) (or a root-relative path) and colours only
 * as CSS colour literals. Each of these, and each value converted from another type (a
 * number where text goes), is noted for the record report (parse-issues.ts). Not noted: spaces
 * around a URL or colour, and a URL written in its normal form (the same address).
 */

/** How each tolerant schema nests, so record-images.ts finds every image field from the schema itself. */
export type SchemaNode = { kind: 'object'; shape: Record<string, z.ZodType> } | { kind: 'list'; item: z.ZodType }
const nodes = new WeakMap<z.ZodType, SchemaNode>()
export const schemaNode = (schema: z.ZodType): SchemaNode | undefined => nodes.get(schema)
function described<T extends z.ZodType>(schema: T, node: SchemaNode): T {
  nodes.set(schema, node)
  return schema
}

const text = leaf(
  toText,
  (v) => typeof v === 'string' || typeof v === 'number',
  'text',
  () => 'empty text',
  { exact: (v) => typeof v === 'string' },
)
/**
 * A phone: text, as typed. One that holds no number that can be dialled (phone-numbers.ts) is refused for
 * calling: the pages show it as text, with no tel: link, call button, widget or chat-app link.
 */
const phone = leaf(
  toText,
  (v, out) => (typeof v === 'string' || typeof v === 'number') && (out.trim() === '' || dialNumber(out) !== ''),
  PHONE_EXPECTED,
  (out) => (out.trim() ? 'the text as typed, with no call link' : 'empty text'),
  { exact: (v) => typeof v === 'string' },
)
const urlLeaf = (expected: string) =>
  leaf(
    safeUrl,
    (v, out) => out !== '' || (typeof v === 'string' && v.trim() === ''),
    expected,
    () => 'nothing',
  )
const url = urlLeaf('an http(s) address')
/** What the report says an image field expects: its refused pictures are the issues that say so. */
export const IMAGE_EXPECTED = 'an http(s) address of a picture (or a /path on this site)'
/** A URL the page shows as a picture: served through our image pipeline, never linked as is. */
export const imageUrl = urlLeaf(IMAGE_EXPECTED)
const isBoolean = (v: unknown) => typeof v === 'boolean'
const flag = leaf(
  toFlag,
  (v) => [true, false, 1, 0, 'true', 'false'].includes(v as never),
  'true or false',
  (on) => String(on),
  { exact: isBoolean },
)
const count = leaf(
  toCount,
  (v, out) => out !== null || v === '',
  'a number of 0 or more',
  () => 'no number',
  { exact: (v) => typeof v === 'number' || v === '', keepsNull: true },
)
const color = (fallback: string) =>
  leaf(
    (v) => (isCssColor(v) ? v.trim() : fallback),
    isCssColor,
    'a CSS colour (#hex, rgb(), hsl() or a name)',
    () => `the theme's ${fallback}`,
  )

/**
 * An object whose every field is tolerant; a non-object (or null) becomes the all-defaults object,
 * described as `empty` in the report. Keys the shape does not know are ignored, and noted.
 */
function record<S extends Record<string, z.ZodType>>(shape: S, empty = 'every field empty') {
  // Each key is parsed on its own (missing keys too), so one bad field never spoils its neighbours.
  const schema = z.unknown().transform((v) => {
    if (v === null) note(v, 'an object', empty, 'null')
    else if (v !== undefined && !isPlainObject(v)) note(v, 'an object', empty)
    const source = isPlainObject(v) ? v : {}
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(shape)) out[key] = at(key, () => shape[key]!.parse(Object.hasOwn(source, key) ? source[key] : undefined))
    noteUnknownKeys(
      Object.keys(source).filter((key) => !Object.hasOwn(shape, key)),
      Object.keys(shape),
    )
    return out as { [K in keyof S]: z.output<S[K]> }
  })
  return described(schema, { kind: 'object', shape })
}

/**
 * A list of tolerant entries; a non-list (or null) becomes []. Null entries are dropped, and so are
 * non-object entries of a list of objects (`objects`) and entries `keep` refuses (an empty picture).
 * `expected` is what one entry should be.
 */
function list<T extends z.ZodType>(item: T, expected: string, keep: (entry: z.output<T>) => boolean = () => true, objects = false) {
  const schema = z.unknown().transform((v): z.output<T>[] => {
    if (!Array.isArray(v)) {
      if (v === null) note(v, 'a list', 'an empty list', 'null')
      else if (v !== undefined) note(v, 'a list', 'an empty list')
      return []
    }
    const out: z.output<T>[] = []
    v.forEach((e, i) =>
      at(i, () => {
        if (e === undefined) return // a hole: not in JSON
        if (e === null) return note(e, expected, 'entry dropped', 'null')
        if (objects && !isPlainObject(e)) return note(e, expected, 'entry dropped')
        const before = notedSoFar()
        const entry = item.parse(e)
        if (keep(entry)) out.push(entry)
        // An entry the leaf refused says so itself; an empty one is dropped here.
        else if (notedSoFar() === before) note(e, expected, 'entry dropped', 'dropped')
      }),
    )
    return out
  })
  return described(schema, { kind: 'list', item })
}

const imageList = list(imageUrl, IMAGE_EXPECTED, (u) => u !== '')
const textList = list(text, 'text', (t) => t.trim() !== '')

const entries = <S extends Record<string, z.ZodType>>(shape: S) => list(record(shape), 'an object', () => true, true)

type ThemeKey = keyof typeof defaultTheme
const styleShape = Object.fromEntries(Object.entries(defaultTheme).map(([key, fallback]) => [key, color(fallback)])) as {
  [K in ThemeKey]: ReturnType<typeof color>
}

export const widgetNames = ['WhatsappBtn', 'VisitsCounter', 'CallUsNow', 'Wheather', 'ReviewTab', 'ModalColores'] as const
export type WidgetName = (typeof widgetNames)[number]

const activeImage = entries({ activo: flag, link: url, img: imageUrl })

export const pageRecordSchema = record({
  styles: record(styleShape, "every colour the theme's own"),
  dbPrincipal: record({
    name: text,
    logo: imageUrl,
    favicon: imageUrl,
    paymentMethod: text,
    licensed: text,
    exprYears: count,
    miles: count,
    phones: entries({ phone, name: text }),
    emails: entries({ email: text }),
    location: entries({ address: text, url: url }),
    workdays: entries({ day: text }),
    workHours: entries({ hour: text }),
  }),
  dbSlogan: entries({ slogan: text }),
  dbAbout: entries({ text: text, list: textList }),
  dbHome: entries({ text: text }),
  dbValues: entries({ title: text, description: text }),
  dbServices: entries({
    name: text,
    description: entries({ text: text, img: imageUrl, lists: textList }),
  }),
  dbSocialMedia: record({
    redes: entries({ name: text, url: url, icon: text, image: imageUrl }),
    directorios: entries({ name: text, url: url, image: imageUrl }),
  }),
  gallery: imageList,
  stock: imageList,
  landings: entries({ name: text, gallery: imageList }),
  beforeAfterGall: entries({ beforeImg: imageUrl, afterImg: imageUrl }),
  // A YouTube id or video URL: checked where it becomes an embed (youtube.ts youtubeId).
  videosPromo: entries({ activo: flag, link: text, img: imageUrl }),
  ytGallery: record({ linkCanalYT: url, links: textList }),
  reviews: record({ activo: flag, isHomeOnly: flag, links: textList }),
  brandingExtra: activeImage,
  tiposPago: entries({ activo: flag, img: imageUrl }),
  gmb: record({ link: url, img: imageUrl }),
  labels: record({
    general: record({
      titleServices: text,
      titleBranding: text,
      titleReviews: text,
      titleGallery: text,
      titleMap: text,
    }),
    formLabel: record({
      tname: text,
      tlname: text,
      temail: text,
      tphone: text,
      taddress: text,
      ttypeservice: text,
      tbestway: text,
      tcheckphone: text,
      tcheckcorreo: text,
      tmessage: text,
      tbutton: text,
      // The anchor treats a missing flag as English; only an explicit false means Spanish.
      isenglish: leaf(
        (v) => v !== false && v !== 'false' && v !== 0,
        (v) => [true, false, 1, 0, 'true', 'false'].includes(v as never),
        'true or false',
        (english) => (english ? 'English' : 'Spanish'),
        { exact: isBoolean, converted: (english) => (english ? 'English' : 'Spanish') },
      ),
    }),
  }),
  linkPostEmail: url,
  simpleWidgets: entries({ val: text, activo: flag }),
  autoGntLandingFromService: flag,
  customLinks: flag,
})

export type PageRecord = z.output<typeof pageRecordSchema>
export type Service = PageRecord['dbServices'][number]
export type Landing = PageRecord['landings'][number]
export type SocialLink = PageRecord['dbSocialMedia']['redes'][number]

/** Parses anything into a PageRecord. Never throws. */
export function parsePageRecord(raw: unknown): PageRecord {
  return pageRecordSchema.parse(raw)
}

/** The same parse, also telling each place it did not use exactly what the record gave (in record order). */
export function parsePageRecordWithIssues(raw: unknown): { record: PageRecord; issues: FieldIssue[] } {
  const { value: record, issues } = collectIssues(() => pageRecordSchema.parse(raw))
  return { record, issues }
}

export const emptyRecord: PageRecord = parsePageRecord({})

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
