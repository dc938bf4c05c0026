import postcss, { type ChildNode } from 'postcss'

/**
 * With INLINE_PAGE_ASSETS, the site's stylesheet in the page itself, only the rules the page's markup can
 * use (issue 46, decision 230): a phone paints the first screen with what the first round trip brought,
 * where a `<link rel="stylesheet">` made it wait for a second one. The stylesheet stays in the page, disabled
 * (a browser does not fetch it); app/entry.client.tsx enables it and waits for it before React
 * hydrates, since React may then add classes the server did not render.
 *
 * A rule is kept when one of its selectors names only classes the page has. Classes inside a
 * selector's parentheses (`:not(.x)`, `:where(.group)`) are not required: leaving them out can keep a
 * rule too many, never drop one the page needs. Everything that is not a style rule (`@property`,
 * `@keyframes`, `@layer` statements) is kept; a block (`@media`, `@supports`, `@layer`) is kept
 * around the rules of it that are.
 */
type Piece = { text: string; selectors: string[][] | null } | { open: string; children: Piece[] }
export type PageStylesheet = Piece[]

export function parseStylesheet(css: string): PageStylesheet {
  const root = postcss.parse(css)
  root.walkComments((comment) => void comment.remove())
  return root.nodes.map(pieceOf)
}

function pieceOf(node: ChildNode): Piece {
  if (node.type === 'rule') return { text: node.toString(), selectors: node.selectors.map(requiredClasses) }
  if (
    node.type === 'atrule' &&
    node.nodes?.some((child) => child.type === 'rule' || child.type === 'atrule') &&
    !/keyframes$/.test(node.name)
  ) {
    const text = node.clone({ nodes: [] }).toString()
    return { open: text.slice(0, text.lastIndexOf('}')), children: node.nodes.map(pieceOf) }
  }
  // A statement (`@layer components;`) ends with a semicolon that PostCSS keeps in its parent, not in the node.
  return { text: node.type === 'atrule' && !node.nodes ? `${node.toString()};` : node.toString(), selectors: null }
}

/** The rules of `sheet` that the markup's classes can use, as one stylesheet's text. */
export function rulesFor(sheet: PageStylesheet, classes: ReadonlySet<string>): string {
  let text = ''
  for (const piece of sheet) {
    if ('open' in piece) {
      const inner = rulesFor(piece.children, classes)
      if (inner) text += `${piece.open}${inner}}`
    } else if (!piece.selectors || piece.selectors.some((names) => names.every((name) => classes.has(name)))) text += piece.text
  }
  return text
}

/**
 * The class names a selector requires, unescaped (`.md\:flex` is `md:flex`), leaving out those in
 * parentheses and attribute selectors. Tailwind's names hold escaped brackets and colons.
 */
export function requiredClasses(selector: string): string[] {
  const names: string[] = []
  let depth = 0
  let inAttribute = false
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]
    if (c === '\\') i += escapeAt(selector, i).length - 1
    else if (inAttribute) inAttribute = c !== ']'
    else if (c === '[') inAttribute = true
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === '.' && depth === 0) {
      let name = ''
      while (i + 1 < selector.length && /[\w\-\\\u0080-\uffff]/.test(selector[i + 1]!)) {
        if (selector[i + 1] === '\\') {
          const escape = escapeAt(selector, i + 1)
          name += escape.char
          i += escape.length
        } else name += selector[++i]
      }
      names.push(name)
    }
  }
  return names
}

/** The escape sequence at `at` (a backslash, then up to six hex digits and one space, or one character): its length and the character it stands for. */
function escapeAt(text: string, at: number): { length: number; char: string } {
  const hex = /^([0-9a-fA-F]{1,6}) ?/.exec(text.slice(at + 1, at + 8))
  if (hex) {
    // As CSS reads it: zero, a surrogate or a number past Unicode is the replacement character (fromCodePoint would throw).
    const code = Number.parseInt(hex[1]!, 16)
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    return { length: 1 + hex[0].length, char: valid ? String.fromCodePoint(code) : '\ufffd' }
  }
  return { length: 2, char: text.charAt(at + 1) }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' }

/** Every class the markup's elements carry, as React escapes attribute values. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>()
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value!.replace(/&(amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!).split(/\s+/)) if (name) classes.add(name)
  return classes
}

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/

/**
 * Puts the rules the page uses before the site's stylesheet link and disables the link. A page
 * whose stylesheet cannot be read keeps its link as it was: slower, never unstyled.
 */
export function inlinePageCss(html: string, stylesheet: (href: string) => PageStylesheet | undefined): string {
  const link = STYLESHEET_LINK.exec(html)
  const sheet = link && stylesheet(link[1]!)
  if (!link || !sheet) return html
  const css = rulesFor(sheet, classesOf(html))
  // Our own build's rules, but the <style> element must end where we say.
  if (/<\/style/i.test(css)) return html
  const replaced = `<style>${css}</style><link rel="stylesheet" href="${link[1]}" disabled=""/>`
  return html.slice(0, link.index) + replaced + html.slice(link.index + link[0].length)
}
