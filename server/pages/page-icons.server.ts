/**
 * With INLINE_PAGE_ASSETS, the icons a page draws come with the page (issue 46, decision 231): each
 * `<use href="/assets/icon-sprite-….svg#name">` of the server's markup points at a symbol of the page
 * itself, and the page carries the symbols it uses, first in its body. Otherwise the sprite is
 * one more request before the first screen is painted (Lighthouse's simulation counts it on the
 * largest paint's path: it is not an image, so its low priority does not leave it out).
 *
 * React keeps the server's `href` as it hydrates (it does not patch attributes), and an icon it
 * renders later points at the sprite file, fetched then. The symbols' `<svg>` sits straight in the
 * body, where React's hydration steps over elements it did not render.
 */

/** A build's icon sprite: each symbol's markup by its icon name. */
export type IconSprite = ReadonlyMap<string, string>

/** A symbol's id in a page: prefixed, so that it cannot meet one of the page's own ids. */
const PAGE_ID_PREFIX = 'icon-'

export function parseSprite(svg: string): IconSprite {
  const symbols = new Map<string, string>()
  for (const [symbol, name] of svg.matchAll(/<symbol id="([\w-]+)"[^>]*>[\s\S]*?<\/symbol>/g)) symbols.set(name!, symbol)
  return symbols
}

const SPRITE_USE = /<use href="(\/assets\/[\w.-]+\.svg)#([\w-]+)"/g

/**
 * Points the page's icons at symbols of its own and puts those first in its body. An icon whose
 * sprite cannot be read, or that the sprite lacks, keeps its `href` to the file.
 */
export function inlinePageIcons(html: string, sprite: (href: string) => IconSprite | undefined): string {
  const body = /<body[^>]*>/.exec(html)
  if (!body) return html
  /** Symbol by icon name, from the one sprite a build has (an icon of another file stays a request). */
  const symbols = new Map<string, { href: string; symbol: string }>()
  const pointed = html.replace(SPRITE_USE, (use, href: string, name: string) => {
    const local = `<use href="#${PAGE_ID_PREFIX}${name}"`
    const taken = symbols.get(name)
    if (taken) return taken.href === href ? local : use
    // An icon's first use: its symbol is looked up and renamed once, however often the page draws it.
    const symbol = sprite(href)?.get(name)
    if (!symbol) return use
    symbols.set(name, { href, symbol: symbol.replace(`id="${name}"`, `id="${PAGE_ID_PREFIX}${name}"`) })
    return local
  })
  if (!symbols.size) return html
  const at = body.index + body[0].length
  // Drawn only where a <use> clones them: hidden (the stylesheet's [hidden] rule), and of no size without it.
  const defs = `<svg hidden="" width="0" height="0" aria-hidden="true">${[...symbols.values()].map((s) => s.symbol).join('')}</svg>`
  return pointed.slice(0, at) + defs + pointed.slice(at)
}
