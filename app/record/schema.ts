import { z } from 'zod'
import { at, collectIssues, given, leaf, note, type FieldIssue } from './parse-issues.ts'
import { isCssColor, safeUrl, toCount, toFlag, toText } from './safe-values.ts'
import { defaultTheme } from './theme.ts'

export type { FieldIssue } from './parse-issues.ts'

/**
 * The page record from the provider, parsed tolerantly: parsing never throws. A field
 * of the wrong type becomes its empty default, `null` list entries are dropped, unknown
 * keys are ignored, URLs pass only as http(s) (or a root-relative path) and colours only
 * as CSS colour literals.
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
const flag = leaf(
  toFlag,
  (v) => [true, false, 1, 0, 'true', 'false'].includes(v as never),
  'true or false',
  (on) => String(on),
)
const count = leaf(
  toCount,
  (v, out) => out !== null || v === '',
  'a number of 0 or more',
  () => 'no number',
)
const color = (fallback: string) =>
  leaf(
    (v) => (isCssColor(v) ? v.trim() : fallback),
    isCssColor,
    'a CSS colour (#hex, rgb(), hsl() or a name)',
    () => `the theme's ${fallback}`,
  )

/** An object whose every field is tolerant; a non-object becomes the all-defaults object. */
function record<S extends Record<string, z.ZodType>>(shape: S) {
  // Each key is parsed on its own (missing keys too), so one bad field never spoils its neighbours.
  const schema = z.unknown().transform((v) => {
    if (given(v) && !isPlainObject(v)) note(v, 'an object', 'every field empty')
    const source = isPlainObject(v) ? v : {}
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(shape)) out[key] = at(key, () => shape[key]!.parse(Object.hasOwn(source, key) ? source[key] : undefined))
    return out as { [K in keyof S]: z.output<S[K]> }
  })
  return described(schema, { kind: 'object', shape })
}

/** A list of tolerant entries; a non-list becomes [], and null or non-object entries are dropped. */
function list<T extends z.ZodType>(item: T, keep: (entry: z.output<T>) => boolean = () => true) {
  const schema = z.unknown().transform((v): z.output<T>[] => {
    if (!Array.isArray(v)) {
      if (given(v)) note(v, 'a list', 'an empty list')
      return []
    }
    return v
      .map((e, i) => (given(e) ? at(i, () => ({ entry: item.parse(e) })) : null))
      .flatMap((e) => (e && keep(e.entry) ? [e.entry] : []))
  })
  return described(schema, { kind: 'list', item })
}

const imageList = list(imageUrl, (u) => u !== '')
const textList = list(text, (t) => t.trim() !== '')

function entries<S extends Record<string, z.ZodType>>(shape: S) {
  const item = record(shape)
  const schema = z.unknown().transform((v) => {
    if (!Array.isArray(v)) return list(item).parse(v)
    v.forEach((e, i) => given(e) && !isPlainObject(e) && at(i, () => note(e, 'an object', 'entry dropped')))
    return list(item).parse(v.map((e) => (isPlainObject(e) ? e : null)))
  })
  return described(schema, { kind: 'list', item })
}

type ThemeKey = keyof typeof defaultTheme
const styleShape = Object.fromEntries(Object.entries(defaultTheme).map(([key, fallback]) => [key, color(fallback)])) as {
  [K in ThemeKey]: ReturnType<typeof color>
}

export const widgetNames = ['WhatsappBtn', 'VisitsCounter', 'CallUsNow', 'Wheather', 'ReviewTab', 'ModalColores'] as const
export type WidgetName = (typeof widgetNames)[number]

const activeImage = entries({ activo: flag, link: url, img: imageUrl })

export const pageRecordSchema = record({
  styles: record(styleShape),
  dbPrincipal: record({
    name: text,
    logo: imageUrl,
    favicon: imageUrl,
    paymentMethod: text,
    licensed: text,
    exprYears: count,
    miles: count,
    phones: entries({ phone: text, name: text }),
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

/** The same parse, also telling which given values it could not use as they were (in record order). */
export function parsePageRecordWithIssues(raw: unknown): { record: PageRecord; issues: FieldIssue[] } {
  const { value: record, issues } = collectIssues(() => pageRecordSchema.parse(raw))
  return { record, issues }
}

export const emptyRecord: PageRecord = parsePageRecord({})

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
