// @vitest-environment jsdom
import { act, useState, type ComponentType } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import type { AppLoadContext } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { StaticBlock, StaticBlocksContext, type StaticBlockRef } from './static-block.tsx'
import { staticBlocksOf } from './static-block.server.tsx'
import * as browserDeferred from './deferred.tsx'

/**
 * What decision 050 relies on from React, through our own StaticBlock and deferred(): the server
 * renders static blocks and a deferred island in full (the island's code loaded before the render,
 * not a hidden boundary); the browser hydrates that HTML without a recoverable error, keeps the very
 * DOM nodes of the static blocks, and re-renders without touching their HTML.
 */
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

type Deferred = typeof browserDeferred
type Blocks = { hero: StaticBlockRef; thumbnail: StaticBlockRef }

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  )
}

/** A page as the routes build it: static blocks, a first-load island around one, a deferred island. */
function pageOf({ deferred }: Deferred) {
  const Later = deferred(async () => Counter)
  return function Page({ blocks }: { blocks: Blocks }) {
    const [renders, setRenders] = useState(0)
    return (
      <main>
        <StaticBlock block={blocks.hero} />
        <button type="button" data-testid="rerender" onClick={() => setRenders(renders + 1)}>
          <StaticBlock as="span" block={blocks.thumbnail} />
          {renders}
        </button>
        <Later label="Later" />
      </main>
    )
  }
}

/** The server's render: `deferred` as the server has it (no window when the module loads), blocks from a loader. */
async function serverHtml() {
  vi.stubGlobal('window', undefined)
  const specifier = './deferred.tsx?server' // a second instance of the module, loaded as on the server
  const serverDeferred = (await import(/* @vite-ignore */ specifier)) as Deferred
  vi.unstubAllGlobals()
  const Page = pageOf(serverDeferred)
  const context = { staticBlocks: new Map() } as unknown as AppLoadContext
  const staticBlock = staticBlocksOf(context)
  const blocks = {
    hero: staticBlock(
      <h1>
        Built <em>solid</em>
      </h1>,
    ),
    thumbnail: staticBlock(<img src="/photo.webp" alt="" />),
  }
  await serverDeferred.deferredCodeLoaded()
  const html = renderToString(
    <StaticBlocksContext value={context.staticBlocks}>
      <Page blocks={blocks} />
    </StaticBlocksContext>,
  )
  // What the loader returns travels as JSON: tokens only.
  return { html, blocks: JSON.parse(JSON.stringify(blocks)) as Blocks }
}

async function hydrate(html: string, blocks: Blocks, Page: ComponentType<{ blocks: Blocks }>) {
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const recoverable: unknown[] = []
  const parsed = container.innerHTML // the HTML as the browser parsed it
  const nodes = [container.querySelector('h1')!, container.querySelector('img')!]
  const errors = vi.spyOn(console, 'error')
  let root: Root
  await act(async () => {
    root = hydrateRoot(container, <Page blocks={blocks} />, { onRecoverableError: (error) => recoverable.push(error) })
  })
  return { container, parsed, nodes, recoverable, errors, root: root! }
}

test('the server renders static blocks and a deferred island in full, at once', async () => {
  const { html } = await serverHtml()
  expect(html).toContain('<h1>Built <em>solid</em></h1>')
  expect(html).toContain('<img src="/photo.webp" alt=""/>')
  expect(html).toContain('<!--$--><button type="button">Later<!-- --> <!-- -->0</button><!--/$-->')
  expect(html).not.toContain('<template') // no boundary sent hidden or left to the client
  expect(html).not.toContain('<!--$!-->')
})

test('hydration keeps the static HTML and its nodes, with no recoverable error, and re-renders leave it alone', async () => {
  const { html, blocks } = await serverHtml()
  const hydrated = await hydrate(html, blocks, pageOf(browserDeferred))
  expect(hydrated.recoverable).toEqual([])
  expect(hydrated.errors).not.toHaveBeenCalled()
  expect(hydrated.container.innerHTML).toBe(hydrated.parsed)
  // The very nodes the browser parsed, not copies React wrote again.
  const [heading, picture] = hydrated.nodes
  expect(hydrated.container.querySelector('h1')).toBe(heading)
  expect(hydrated.container.querySelector('img')).toBe(picture)

  // A re-render (state of the island around a block) leaves the blocks' nodes and HTML alone.
  const rerender = hydrated.container.querySelector<HTMLButtonElement>('[data-testid="rerender"]')!
  await act(async () => rerender.click())
  expect(rerender.textContent).toBe('1')
  expect(hydrated.container.querySelector('h1')).toBe(heading)
  expect(hydrated.container.querySelector('img')).toBe(picture)
  expect(hydrated.container.querySelector('h1')!.outerHTML).toBe('<h1>Built <em>solid</em></h1>')

  // The deferred island hydrates once its code arrives (on idle) and then answers clicks, in place.
  const later = [...hydrated.container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Later'))!
  await act(() => browserDeferred.deferredLoadsSettled().then(() => new Promise((r) => setTimeout(r, 20))))
  await act(async () => later.click())
  expect(later.textContent).toBe('Later 1')
  expect(hydrated.recoverable).toEqual([])
  expect(hydrated.errors).not.toHaveBeenCalled()
  act(() => hydrated.root.unmount())
})

test('a static block missing from the document (mounted after hydration) logs an error', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  const container = document.createElement('div')
  document.body.append(container)
  const { createRoot } = await import('react-dom/client')
  const root = createRoot(container)
  await act(async () => root.render(<StaticBlock block={{ staticBlock: 'b9' }} />))
  expect(errors).toHaveBeenCalledWith(expect.stringContaining('Static block b9 is not in the document'))
  expect(container.innerHTML).toBe('')
  act(() => root.unmount())
})

test("a block deferred to the visitor's first activity keeps its server HTML while its parent re-renders, then hydrates on a key press", async () => {
  // As the estimate modal does: the parent's state changes right after hydration, before any activity.
  function pageWith({ deferred }: Deferred) {
    const Later = deferred(async () => Counter, 'activity')
    return function Page() {
      const [renders, setRenders] = useState(0)
      return (
        <main>
          <button type="button" data-testid="rerender" onClick={() => setRenders(renders + 1)}>
            {renders}
          </button>
          <Later label="Later" />
        </main>
      )
    }
  }
  vi.stubGlobal('window', undefined)
  const specifier = './deferred.tsx?server-activity'
  const serverDeferred = (await import(/* @vite-ignore */ specifier)) as Deferred
  vi.unstubAllGlobals()
  const ServerPage = pageWith(serverDeferred)
  await serverDeferred.deferredCodeLoaded()
  const html = renderToString(<ServerPage />)
  // A copy of its own, loaded on a page nobody has touched yet: the module notes the first activity once, when it
  // loads, and the unit tests share one module cache (another file's key press or <html data-active> would count).
  document.documentElement.removeAttribute('data-active')
  const browserSpecifier = './deferred.tsx?browser-activity'
  const untouched = (await import(/* @vite-ignore */ browserSpecifier)) as Deferred
  const Page = pageWith(untouched)
  const hydrated = await hydrate(html, {} as Blocks, Page)
  const later = () => [...hydrated.container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Later'))
  expect(later()?.textContent).toBe('Later 0')
  expect(document.documentElement.dataset.deferredBlocks).toBe('1')

  const rerender = hydrated.container.querySelector<HTMLButtonElement>('[data-testid="rerender"]')!
  await act(async () => rerender.click())
  await act(() => new Promise((r) => setTimeout(r, 50)))
  expect(rerender.textContent).toBe('1')
  expect(later()?.textContent).toBe('Later 0') // still the server's button, not an empty boundary

  await act(async () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' })))
  await act(() => untouched.deferredLoadsSettled().then(() => new Promise((r) => setTimeout(r, 20))))
  await act(async () => later()!.click())
  expect(later()?.textContent).toBe('Later 1')
  expect(document.documentElement.dataset.deferredBlocks).toBeUndefined()
  expect(hydrated.recoverable).toEqual([])
  act(() => hydrated.root.unmount())
})
