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
  const imports = [...(script?.[2] ?? '').matchAll(/^\s*import \* as (\w+) from ("[^"]+");\s*$/gm)]
  if (!script || !imports.length) return html
  // Bare imports (the dev server's HMR runtime) run first, as they did as static imports.
  const bare = [...script[2]!.matchAll(/^\s*import ("[^"]+");+\s*$/gm)]
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g)]
  const rest = [...imports, ...bare].reduce((text, [line]) => text.replace(line, ''), script[2]!).replace(/^[\s;]*/, '')
  const body = [
    // A frame callback runs just before a paint; a task queued from it runs after that paint.
    `await new Promise((go) => requestAnimationFrame(() => setTimeout(go)));`,
    // Modules reach the page through these links (script-created, so 'strict-dynamic' admits them), then the imports.
    `for (const href of ${JSON.stringify([...bare.map((m) => JSON.parse(m[1]!) as string), ...preloads.map((m) => m[1])])}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    ...bare.map((m) => `await import(${m[1]});`),
    `const [${imports.map((m) => m[1]).join(', ')}] = await Promise.all([${imports.map((m) => `import(${m[2]})`).join(', ')}]);`,
    rest,
  ].join('\n')
  let out = html.replace(script[0], `<script type="module" nonce="${mark}">${body}</script>`)
  for (const [tag] of preloads) out = out.replace(tag, '')
  return out
}
