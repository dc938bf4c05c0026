/**
 * Hostile and broken page records, derived from a well-formed one so every field is hit:
 * script in every text, dangerous schemes in every URL, CSS injection in every colour,
 * wrong types, nulls, huge strings, empty lists and odd unicode.
 */
export const XSS_MARK = '__xss'
const SCRIPT = `<script>window.${XSS_MARK}=1</script><img src=x onerror="window.${XSS_MARK}=1">"'><svg onload="window.${XSS_MARK}=1">`
const URLS = [
  `javascript:window.${XSS_MARK}=1`,
  `data:text/html,<script>window.${XSS_MARK}=1</script>`,
  'vbscript:msgbox(1)',
  ` JaVaScRiPt:window.${XSS_MARK}=1`,
]
const COLOR = `red;}</style><script>window.${XSS_MARK}=1</script><style>body{display:none`

const URL_KEYS = /^(logo|favicon|url|img|image|link|beforeImg|afterImg|linkCanalYT|linkPostEmail)$/
const URL_LISTS = /^(gallery|stock)$/
const COLOR_PARENT = 'styles'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Leaf = (value: Json, key: string, parent: string) => Json

function mapLeaves(value: Json, leaf: Leaf, key = '', parent = ''): Json {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, leaf, URL_LISTS.test(key) ? 'url' : key, key))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf, k, key)]))
  return leaf(value, key, parent)
}

const kindOf = (key: string, parent: string) => (parent === COLOR_PARENT ? 'color' : URL_KEYS.test(key) ? 'url' : 'text')

export function hostileRecords(base: Json): [string, Json][] {
  let n = 0
  return [
    [
      'script in every text, bad schemes in every URL, CSS injection in colours',
      mapLeaves(base, (v, key, parent) => {
        if (typeof v !== 'string') return v
        const kind = kindOf(key, parent)
        return kind === 'color' ? COLOR : kind === 'url' ? URLS[n++ % URLS.length]! : `${v} ${SCRIPT}`
      }),
    ],
    ['every value null', mapLeaves(base, () => null)],
    [
      'every value the wrong type',
      mapLeaves(base, (v) => (typeof v === 'string' ? { nested: [1, 2] } : typeof v === 'boolean' ? 'yes' : 'str')),
    ],
    // The top level stays an object: a non-object body is refused by the record source itself.
    ['every list replaced by an object and every object by a list', mapEntries(base, swapContainers)],
    [
      '10 000-character strings',
      mapLeaves(base, (v, key, parent) => (typeof v === 'string' && kindOf(key, parent) === 'text' ? 'W'.repeat(10_000) : v)),
    ],
    [
      'odd unicode',
      mapLeaves(base, (v, key, parent) =>
        typeof v === 'string' && kindOf(key, parent) === 'text' ? `\u202Eevil\u200B 🏗️ ñandú 名前 \u0000\uFFFF ${v}` : v,
      ),
    ],
    ['all lists empty', mapLeaves(emptyLists(base), (v) => v)],
    ['a JSON object with nothing useful', { error: 'not found', data: null }],
  ]
}

function mapEntries(value: Json, f: (v: Json) => Json): Json {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, f(v)]))
    : value
}

function swapContainers(value: Json): Json {
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), swapContainers(v)]))
  if (value && typeof value === 'object') return Object.values(value).map(swapContainers)
  return value
}

function emptyLists(value: Json): Json {
  if (Array.isArray(value)) return []
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptyLists(v)]))
  return value
}
