import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { AppLoadContext } from 'react-router'
import { LangContext } from '#app/i18n/use-strings.ts'
import { langOf } from '#app/i18n/strings.ts'
import type { PageRecord } from '#app/record/schema.ts'
import { PreloadSinkContext, type StaticHtml } from './static-block.tsx'

/**
 * Renders a route's static blocks (see StaticBlock) to HTML for this request's page, keyed by the
 * id the route's component gives each `<StaticBlock id>`. Called by loaders, so the blocks' code
 * and data stay on the server. A null block renders nothing.
 */
export function renderStaticBlocks(context: AppLoadContext, record: PageRecord, blocks: Record<string, ReactNode>) {
  const lang = langOf(record.labels.formLabel)
  for (const [id, node] of Object.entries(blocks)) {
    const preloads: StaticHtml['preloads'] = []
    const html =
      node == null
        ? ''
        : renderToStaticMarkup(
            <LangContext value={lang}>
              <PreloadSinkContext value={preloads}>{node}</PreloadSinkContext>
            </LangContext>,
            // Ids unique across the page's blocks and the page's own render.
            { identifierPrefix: `${id}-` },
          )
    context.staticBlocks.set(id, { html, preloads })
  }
}

/** Text for a StaticHeadText of this request's page (already safe for its element: see the callers). */
export function setStaticHeadText(context: AppLoadContext, id: string, text: string) {
  context.staticBlocks.set(id, { html: text, preloads: [] })
}
