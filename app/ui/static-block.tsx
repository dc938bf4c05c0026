import { createContext, use, useState } from 'react'
import { preload } from 'react-dom'

type PreloadArgs = Parameters<typeof preload>
/** A block's HTML, rendered by its route's loader, and the pictures it wants preloaded from <head>. */
export type StaticHtml = { html: string; preloads: PreloadArgs[] }

/** On the server, this request's static blocks (the load context's `staticBlocks`, provided by entry.server). */
export const StaticBlocksContext = createContext<ReadonlyMap<string, StaticHtml> | undefined>(undefined)

/**
 * Set while a block renders on its own: a priority picture hands its preload here, so the page's
 * render issues it in <head> (a separate render would write it into the block's markup).
 */
export const PreloadSinkContext = createContext<PreloadArgs[] | undefined>(undefined)

/** `preload()`, or the enclosing static block's sink for it. */
export function usePreload(): (...args: PreloadArgs) => void {
  const sink = use(PreloadSinkContext)
  return sink ? (...args) => void sink.push(args) : preload
}

const selectorOf = (id: string) => `[data-static-block="${id}"]`

/**
 * A block of a page that never runs in the browser: its route's loader renders it to HTML on the
 * server (static-block.server.tsx), the page carries that HTML, and neither the block's data nor
 * its code reaches the browser. When React hydrates, the block takes its own HTML from the document
 * and so leaves it as it is. Pages that hold static blocks are left by full document navigations
 * (plain <a href>), which cached pages make cheap; a client-side navigation would find no HTML to keep.
 */
export function StaticBlock({
  id,
  as: Tag = 'div',
}: {
  id: string
  /** 'span' inside phrasing content (a button). */ as?: 'div' | 'span'
}) {
  const blocks = use(StaticBlocksContext)
  const block = blocks?.get(id)
  if (block) for (const args of block.preloads) preload(...args)
  const [html] = useState(
    () => block?.html ?? (typeof document === 'undefined' ? '' : (document.querySelector(selectorOf(id))?.innerHTML ?? '')),
  )
  if (!html) return null
  // display: contents: the wrapper leaves the block's own layout and landmarks as they are.
  return <Tag data-static-block={id} className="contents" dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
}

/**
 * A <style> or <script> of <head> whose text the root loader provides (the record's theme, its
 * search-engine data), kept from the document in the browser like a StaticBlock's HTML.
 */
export function StaticHeadText({ id, as: Tag, type }: { id: string; as: 'style' | 'script'; type?: string }) {
  const blocks = use(StaticBlocksContext)
  const [text] = useState(
    () => blocks?.get(id)?.html ?? (typeof document === 'undefined' ? '' : (document.getElementById(id)?.textContent ?? '')),
  )
  if (!text) return null
  return <Tag id={id} type={type} dangerouslySetInnerHTML={{ __html: text }} suppressHydrationWarning />
}
