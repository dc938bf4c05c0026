import { z } from 'zod'
import { isCssColor, safeUrl, toCount, toFlag, toText } from './safe-values.ts'
import { defaultTheme } from './theme.ts'

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

const text = z.unknown().transform(toText)
const url = z.unknown().transform(safeUrl)
/** A URL the page shows as a picture: served through our image pipeline, never linked as is. */
export const imageUrl = z.unknown().transform(safeUrl)
const flag = z.unknown().transform(toFlag)
const count = z.unknown().transform(toCount)
const color = (fallback: string) => z.unknown().transform((v) => (isCssColor(v) ? v.trim() : fallback))

/** An object whose every field is tolerant; a non-object becomes the all-defaults object. */
function record<S extends Record<string, z.ZodType>>(shape: S) {
  // Each key is parsed on its own (missing keys too), so one bad field never spoils its neighbours.
  const schema = z.unknown().transform((v) => {
    const source = isPlainObject(v) ? v : {}
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(shape)) out[key] = shape[key]!.parse(Object.hasOwn(source, key) ? source[key] : undefined)
    return out as { [K in keyof S]: z.output<S[K]> }
  })
  return described(schema, { kind: 'object', shape })
}

/** A list of tolerant entries; a non-list becomes [], and null or non-object entries are dropped. */
function list<T extends z.ZodType>(item: T, keep: (entry: z.output<T>) => boolean = () => true) {
  const schema = z.unknown().transform((v): z.output<T>[] =>
    Array.isArray(v)
      ? v
          .filter((e) => e !== null && e !== undefined)
          .map((e) => item.parse(e))
          .filter(keep)
      : [],
  )
  return described(schema, { kind: 'list', item })
}

const imageList = list(imageUrl, (u) => u !== '')
const textList = list(text, (t) => t.trim() !== '')
const objectOnly = (v: unknown) => isPlainObject(v)

function entries<S extends Record<string, z.ZodType>>(shape: S) {
  const item = record(shape)
  const schema = z.unknown().transform((v) => (Array.isArray(v) ? list(item).parse(v.filter(objectOnly)) : []))
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
      isenglish: z.unknown().transform((v) => v !== false && v !== 'false' && v !== 0),
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
export type Theme = PageRecord['styles']

/** Parses anything into a PageRecord. Never throws. */
export function parsePageRecord(raw: unknown): PageRecord {
  return pageRecordSchema.parse(raw)
}

export const emptyRecord: PageRecord = parsePageRecord({})

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
