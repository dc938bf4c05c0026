import type { ReactElement, ReactNode } from 'react'
import type { AppLoadContext } from 'react-router'
import type { StaticBlockRef } from './static-block.tsx'

/** Makes static blocks (see StaticBlock) for one request: a null block gives null, which renders nothing. */
export type MakeStaticBlock = {
  (node: ReactElement): StaticBlockRef
  (node: ReactNode): StaticBlockRef | null
}

/**
 * A loader's maker of static blocks: `const staticBlock = staticBlocksOf(context)`, then
 * `staticBlock(<Hero … />)` hands the block to this request's page render and returns its token,
 * which the loader returns in its data for the component to render as `<StaticBlock block={data.hero} />`.
 * The id is made here and nowhere else, and TypeScript checks that every block a component renders
 * was returned. The block's code and data stay on the server; nothing is rendered unless the page
 * itself is (a cached page or a data request renders none).
 */
export function staticBlocksOf(context: AppLoadContext): MakeStaticBlock {
  return ((node: ReactNode) => {
    if (node == null || node === false) return null
    // Unique within the request (loaders run concurrently, but each call takes the next size at once).
    const id = `b${context.staticBlocks.size}`
    context.staticBlocks.set(id, node)
    return { staticBlock: id }
  }) as MakeStaticBlock
}

/** Text for a StaticHeadText of this request's page (already safe for its element: see the callers). */
export function setStaticHeadText(context: AppLoadContext, id: string, text: string) {
  context.staticBlocks.set(id, text)
}
