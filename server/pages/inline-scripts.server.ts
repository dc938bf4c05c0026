import { createHash, randomBytes } from 'node:crypto'

/**
 * Inline scripts are allowed by the hash of their text, so a page needs no per-response nonce.
 * Only scripts the renderer itself marked count: the page is rendered with a throwaway nonce,
 * the scripts carrying it are hashed, and the marks are removed. Markup that somehow came from
 * a record could never carry the mark, so it would stay blocked, as it was with nonces.
 */
export const renderMark = () => randomBytes(18).toString('base64url')

export function hashMarkedScripts(html: string, mark: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${mark}"`
  const hashes = new Set<string>()
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!attributes!.includes(attribute) || /\ssrc=/.test(attributes!)) continue
    hashes.add(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`)
  }
  return { html: html.replaceAll(attribute, ''), hashes: [...hashes] }
}

const IMPORT_AS = /^import \* as (\w+) from ("[^"]+");$/
const BARE_IMPORT = /^import ("[^"]+");+$/
const CONTEXT = /^window\.__reactRouterContext = ([\s\S]*);window\.__reactRouterContext\.stream = new ReadableStream\(/
const ENQUEUE = /^window\.__reactRouterContext\.streamController\.enqueue\(([\s\S]*)\);$/
const CLOSE = 'window.__reactRouterContext.streamController.close();'
const MANIFEST = 'window.__reactRouterManifest = '
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = \{(.*)\};$/
const ENTRY = /^import\(("[^"]+")\);$/

/** The element holding React Router's hydration data until the page script boots the framework. */
export const BOOT_DATA_ID = 'framework-boot'

/**
 * What the page script (page-script.server.ts) needs to start React Router at the visitor's first
 * activity, in place of the scripts `<Scripts/>` writes: `c` the context (`window.__reactRouterContext`),
 * `s` the hydration stream's chunks, `m` the manifest, `b` modules imported first (the dev server's
 * HMR runtime), `r` the route modules as [route id, URL] in match order, `e` the entry module, `p`
 * every module to preload.
 */
export type BootData = { c: object; s: string[]; m: object; b: string[]; r: [string, string][]; e: string; p: string[] }

/** JSON that can sit in a <script> element: no `<`, `>` or `&` to end it or start a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * Takes React Router's scripts out of the page and leaves their data in a script element the
 * browser does not run (`type="application/json"`), so a page loads no module and preloads none
 * until the visitor acts (issue 29): the page script then starts the framework from that data,
 * exactly as `<Scripts/>` would have (decision 050). React Router writes an inline context script,
 * one inline script per hydration chunk, one inline module (static imports of the route modules,
 * the manifest, the entry's dynamic import; on the dev server, a bare import of its HMR runtime first)
 * and a modulepreload per file. Markup of another shape (a route with client loaders) is returned as it was.
 */
export function startFrameworkOnActivity(html: string, mark: string): string {
  const marked = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) =>
    attributes!.includes(` nonce="${mark}"`),
  )
  const boot = marked.find(([, attributes]) => attributes!.includes('type="module"'))
  const context = marked.map(([, , text]) => CONTEXT.exec(text!)).find(Boolean)
  if (!boot || !context) return html
  // React Router writes one statement per line, but for the manifest (indented JSON, ending with `;` and a line break).
  const text = boot[2]!
  const manifestAt = text.indexOf(MANIFEST)
  const manifestEnd = text.indexOf(';\n', manifestAt)
  if (manifestAt === -1 || manifestEnd === -1) return html
  const manifest = text.slice(manifestAt + MANIFEST.length, manifestEnd)
  const modules = new Map<string, string>()
  const bare: string[] = []
  let routeModules: RegExpExecArray | null = null
  let entry: RegExpExecArray | null = null
  for (const line of (text.slice(0, manifestAt) + text.slice(manifestAt + MANIFEST.length + manifest.length + 1)).split('\n')) {
    const statement = line.trim()
    const named = IMPORT_AS.exec(statement)
    const plain = BARE_IMPORT.exec(statement)
    if (named) modules.set(named[1]!, JSON.parse(named[2]!) as string)
    else if (plain) bare.push(JSON.parse(plain[1]!) as string)
    else if (statement.startsWith('import ') || statement.startsWith('const ')) return html // merged client chunks: not ours to rewrite
    routeModules ??= ROUTE_MODULES.exec(statement)
    entry ??= ENTRY.exec(statement)
  }
  if (!routeModules || !entry) return html
  const routes = [...routeModules[1]!.matchAll(/("[^"]+"):(\w+)/g)].map(
    ([, id, name]) => [JSON.parse(id!) as string, modules.get(name!)] as const,
  )
  if (!routes.length || routes.some(([, url]) => !url)) return html
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g)]
  const data: BootData = {
    c: JSON.parse(context[1]!) as object,
    s: marked.flatMap(
      ([, , text]) =>
        ENQUEUE.exec(text!)
          ?.slice(1)
          .map((chunk) => JSON.parse(chunk) as string) ?? [],
    ),
    m: JSON.parse(manifest) as object,
    b: bare,
    r: routes as [string, string][],
    e: JSON.parse(entry[1]!) as string,
    // Every module imported goes through a script-created preload first ('strict-dynamic' admits it).
    p: [...bare, ...preloads.map((m) => m[1]!)],
  }
  let out = html
  const routerScripts = marked.filter(([tag, , text]) => tag === boot[0] || CONTEXT.test(text!) || ENQUEUE.test(text!) || text === CLOSE)
  // The data takes the context script's place; a function replacer, so a `$` in the data is text.
  out = out.replace(routerScripts[0]![0], () => `<script type="application/json" id="${BOOT_DATA_ID}">${scriptSafeJson(data)}</script>`)
  for (const [tag] of routerScripts.slice(1)) out = out.replace(tag, '')
  for (const [tag] of preloads) out = out.replace(tag, '')
  return out
}
