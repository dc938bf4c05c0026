import type { ReactNode } from 'react'
import type { AppLoadContext } from 'react-router'

/**
 * Hands a route's static blocks (see StaticBlock) to this request's page render, keyed by the id the
 * route's component gives each `<StaticBlock id>`. Loaders call it, so the blocks' code and data
 * stay on the server; nothing is rendered unless the page itself is (a cached page or a data
 * request renders none). A null block renders nothing.
 */
export function setStaticBlocks(context: AppLoadContext, blocks: Record<string, ReactNode>) {
  for (const [id, node] of Object.entries(blocks)) context.staticBlocks.set(id, node)
}

/** Text for a StaticHeadText of this request's page (already safe for its element: see the callers). */
export function setStaticHeadText(context: AppLoadContext, id: string, text: string) {
  context.staticBlocks.set(id, text)
}
