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

function withoutLeading(text: string, characters: string): string {
  let start = 0
  while (start < text.length && characters.includes(text[start]!)) start++
  return text.slice(start)
}

/**
 * Starts the page's JavaScript just after the browser's first paint, rather than alongside the
 * HTML. The HTML is complete and its links and forms work on their own, so what a phone on a slow
 * line needs first is the page on screen and its largest picture (preloaded from <head>); React
 * hydrates right after. React Router writes one inline module script (static imports of the route
 * modules, then the manifest and the entry's dynamic import) and a modulepreload per file; that
 * script now waits for the first paint, issues the preloads, and imports the same modules
 * dynamically. Markup of another shape is returned as it was.
 */
export function startScriptsAfterFirstPaint(html: string, mark: string): string {
  const script = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].find(
    ([, attributes]) => attributes!.includes(` nonce="${mark}"`) && attributes!.includes('type="module"'),
  )
  if (!script) return html
  // React Router writes one statement per line; each line is read on its own (linear, whatever the page holds).
  const imports: { name: string; from: string }[] = []
  const bare: string[] = []
  const others: string[] = []
  for (const line of script[2]!.split('\n')) {
    const named = IMPORT_AS.exec(line.trim())
    const plain = BARE_IMPORT.exec(line.trim())
    if (named) imports.push({ name: named[1]!, from: named[2]! })
    else if (plain) bare.push(plain[1]!)
    else others.push(line)
  }
  if (!imports.length) return html
  const rest = withoutLeading(others.join('\n'), ' \t\n\r;')
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g)]
  const body = [
    // A frame callback runs just before a paint; a task queued from it runs after that paint.
    `await new Promise((go) => requestAnimationFrame(() => setTimeout(go)));`,
    // Modules reach the page through these links (script-created, so 'strict-dynamic' admits them), then the imports.
    `for (const href of ${JSON.stringify([...bare.map((from) => JSON.parse(from) as string), ...preloads.map((m) => m[1])])}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    ...bare.map((from) => `await import(${from});`),
    `const [${imports.map((i) => i.name).join(', ')}] = await Promise.all([${imports.map((i) => `import(${i.from})`).join(', ')}]);`,
    rest,
  ].join('\n')
  // A function replacer: a `$` in the manifest is text, not a replacement pattern.
  let out = html.replace(script[0], () => `<script type="module" nonce="${mark}">${body}</script>`)
  for (const [tag] of preloads) out = out.replace(tag, '')
  return out
}
