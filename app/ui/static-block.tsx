import { createContext, use, useState, type ReactNode } from 'react'
import type { ShouldRevalidateFunction } from 'react-router'

/** On the server, this request's static blocks and head texts (the load context's `staticBlocks`, provided by entry.server). */
export const StaticBlocksContext = createContext<ReadonlyMap<string, ReactNode> | undefined>(undefined)

/** A static block as loader data: made by `staticBlock` (static-block.server.tsx), rendered by `<StaticBlock block>`. */
export type StaticBlockRef = { readonly staticBlock: string }

const selectorOf = (id: string) => `[data-static-block="${id}"]`

/**
 * A block of a page that never runs in the browser: its route's loader renders it on the server
 * (`staticBlock`, static-block.server.tsx) and returns its token, the page carries its HTML, and
 * neither the block's data nor its code reaches the browser. When React hydrates, the block takes its
 * own HTML from the document and so leaves it as it is. Pages that hold static blocks are left by full
 * document navigations (plain <a href>), which cached pages make cheap; a client-side navigation, or a
 * block first mounted after hydration, would find no HTML to keep: that logs an error (in production
 * too, so the browser tests' console net catches it) rather than leaving a silent gap.
 */
export function StaticBlock({
  block,
  as: Tag = 'div',
}: {
  block: StaticBlockRef | null
  /** 'span' inside phrasing content (a button). */ as?: 'div' | 'span'
}) {
  const id = block?.staticBlock
  const blocks = use(StaticBlocksContext)
  const node = id === undefined ? undefined : blocks?.get(id)
  const inDocument = useKeptFromDocument(() => {
    if (blocks) return undefined // on the server: the block comes from the loader
    const html = id ? document.querySelector(selectorOf(id))?.innerHTML : undefined
    if (id && html === undefined) console.error(`Static block ${id} is not in the document: mounted after hydration? (decision 050)`)
    return html
  })
  if (!id) return null
  // On the server the block renders in place (a priority picture's preload still reaches <head>);
  // in the browser it is the document's own HTML, which React then leaves alone.
  if (node != null)
    return (
      <Tag data-static-block={id} className="contents">
        {node}
      </Tag>
    )
  if (inDocument === undefined) return null
  // display: contents: the wrapper leaves the block's own layout and landmarks as they are.
  return <Tag data-static-block={id} className="contents" dangerouslySetInnerHTML={{ __html: inDocument }} suppressHydrationWarning />
}

/**
 * Every route's `shouldRevalidate`: a form post (the contact form's fetcher) changes no page's data, so
 * no loader runs again after one; new tokens would otherwise meet the old static HTML. An explicit
 * revalidation (a page served without a record polls for it) still runs the loaders.
 */
export const revalidateOnlyWhenAsked: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === undefined && defaultShouldRevalidate

/** What the server wrote, read from the document once when the browser first renders; undefined on the server or when absent. */
function useKeptFromDocument(read: () => string | undefined): string | undefined {
  const [kept] = useState(() => (typeof document === 'undefined' ? undefined : read()))
  return kept
}

/**
 * A <style> or <script> of <head> whose text the root loader provides (the record's theme, its
 * search-engine data), kept from the document in the browser like a StaticBlock's HTML.
 */
export function StaticHeadText({ id, as: Tag, type }: { id: string; as: 'style' | 'script'; type?: string }) {
  const fromServer = use(StaticBlocksContext)?.get(id)
  const inDocument = useKeptFromDocument(() => document.getElementById(id)?.textContent ?? undefined)
  const text = typeof fromServer === 'string' ? fromServer : inDocument
  if (!text) return null
  return <Tag id={id} type={type} dangerouslySetInnerHTML={{ __html: text }} suppressHydrationWarning />
}
