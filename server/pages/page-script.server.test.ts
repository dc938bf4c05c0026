// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ESTIMATE_MODAL_SEEN_KEY } from '#app/sections/estimate-visit.ts'
import { parseResultEvent } from '../results/results-counter.server.ts'
import { addPageScripts, MODAL_SCRIPT, PAGE_SCRIPT } from './page-script.server.ts'
import { hashMarkedScripts, renderMark } from './inline-scripts.server.ts'

beforeEach(() => {
  sessionStorage.clear()
  delete document.documentElement.dataset.active
  delete document.documentElement.dataset.hydrated
  delete document.documentElement.dataset.deferredBlocks
  delete window.__tap
  delete window.__visits
  vi.stubGlobal('navigator', { sendBeacon: () => true })
})

// The unit project shares a worker between files (isolate: false) and unstubs globals only before the
// next test: the next file's imports would meet this file's navigator (React reads its userAgent).
afterEach(() => vi.unstubAllGlobals())

/** Runs the page script (or `script`) on `body`: its listeners are on the document and window, so each test gets fresh ones. */
function runOn(body: string, script = PAGE_SCRIPT) {
  document.body.innerHTML = body
  const listeners: [EventTarget, string, EventListenerOrEventListenerObject, unknown][] = []
  for (const target of [window, document]) {
    const add = target.addEventListener.bind(target)
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      listeners.push([target, type, listener!, options])
      add(type, listener, options)
    })
  }
  new Function(script)()
  vi.restoreAllMocks()
  return () => listeners.forEach(([target, type, listener, options]) => target.removeEventListener(type, listener, options as boolean))
}

test('the scripts are at most 2 KiB together, one line each, and marked for the CSP: the page script after the framework data or at the end of the body, the modal script right after the modal', () => {
  expect(Buffer.byteLength(PAGE_SCRIPT + MODAL_SCRIPT)).toBeLessThanOrEqual(2048)
  expect(PAGE_SCRIPT + MODAL_SCRIPT).not.toContain('\n')
  const mark = renderMark()
  const html = addPageScripts('<html><body><p>page</p></body></html>', mark)
  expect(html).toMatch(/<p>page<\/p><script nonce="[^"]+">[^<]+<\/script><\/body>/)
  expect(hashMarkedScripts(html, mark).hashes).toHaveLength(1)
  const withData = addPageScripts(
    '<body><dialog id="estimate-modal" class="x"><form method="dialog"><button>×</button></form></dialog><a href="#main">skip</a>' +
      '<p>page</p><script type="application/json" id="framework-boot">{}</script><!--$--><!--/$--></body>',
    mark,
  )
  expect(withData).toMatch(
    /<\/form><\/dialog><script nonce="[^"]+">[^<]+<\/script><a href="#main">skip<\/a><p>page<\/p><script type="application\/json" id="framework-boot">\{\}<\/script><script nonce="[^"]+">[^<]+<\/script><!--\$-->/,
  )
  expect(hashMarkedScripts(withData, mark).hashes).toHaveLength(2)
})

test('the estimate modal opens in the first frame of the first page of a visit only, and not at all when storage is blocked', () => {
  const opened: string[] = []
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    opened.push(this.id)
  }
  const frames: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  const nextFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()))
  const modal = '<dialog id="estimate-modal"></dialog>'
  runOn(modal, MODAL_SCRIPT)()
  expect(opened).toEqual([]) // not while the page is parsed
  expect(sessionStorage.getItem(ESTIMATE_MODAL_SEEN_KEY)).toBe('1')
  nextFrame()
  expect(opened).toEqual(['estimate-modal'])
  runOn(modal, MODAL_SCRIPT)() // the next page of the visit
  nextFrame()
  expect(opened).toHaveLength(1)
  sessionStorage.clear()
  // Storage blocked (a browser refusing site data): reading sessionStorage throws.
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError')
  })
  runOn(modal, MODAL_SCRIPT)()
  nextFrame()
  expect(opened).toHaveLength(1)
})

/** Sets what `document.hidden` and `document.prerendering` answer (jsdom: not hidden, never prerendered). */
function pageState({ hidden = false, prerendering = false }) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
  Object.defineProperty(document, 'prerendering', { configurable: true, get: () => prerendering })
}

test('the view is counted once: a second after the load event, or sooner at the first activity or when the page is hidden (switched away from or left)', () => {
  vi.useFakeTimers()
  const sent: string[] = []
  vi.stubGlobal('navigator', { sendBeacon: (_url: string, body: string) => sent.push(body) })
  const views = () => sent.filter((body) => parseResultEvent(body)?.a === 'view').length
  const ways = {
    'a second after load': () => vi.advanceTimersByTime(1),
    'a key': () => document.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true })),
    'a tap': () => document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })),
    'the page hidden': () => {
      pageState({ hidden: true })
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    },
  }
  try {
    for (const [way, act] of Object.entries(ways)) {
      sent.length = 0
      pageState({})
      const stop = runOn('<p>a page</p>')
      vi.advanceTimersByTime(5000)
      expect(views(), `${way}: not while the page loads`).toBe(0)
      window.dispatchEvent(new Event('load'))
      vi.advanceTimersByTime(999)
      expect(views(), `${way}: not in the second after load`).toBe(0)
      act()
      expect(views(), way).toBe(1)
      for (const again of Object.values(ways)) again()
      vi.advanceTimersByTime(5000)
      expect(views(), `${way}, then all the others`).toBe(1)
      stop()
    }
    // A prerendered page is not counted while it is not shown, then once it is.
    sent.length = 0
    pageState({ prerendering: true })
    const stop = runOn('<p>prerendered</p>')
    window.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(5000)
    expect(views()).toBe(0)
    pageState({})
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    expect(views()).toBe(0) // shown, not hidden
    ways['a tap']()
    expect(views()).toBe(1)
    stop()
  } finally {
    vi.useRealTimers()
    pageState({})
  }
})

test('the view is counted by the visit counter once, on a page that shows it, and its answer is left for the widget', async () => {
  vi.useFakeTimers()
  const posts: RequestInit[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    expect(url).toBe('/api/visits')
    posts.push(init)
    return new Response('{"today":1,"total":2}')
  })
  try {
    const loaded = () => {
      window.dispatchEvent(new Event('load'))
      vi.advanceTimersByTime(1000)
    }
    const plain = runOn('<p>no counter here</p>')
    loaded()
    plain()
    expect(posts).toEqual([])
    const stop = runOn('<div data-count-visits></div>')
    loaded()
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    stop()
  } finally {
    vi.useRealTimers()
  }
  expect(posts).toEqual([{ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }])
  expect(await window.__visits).toEqual({ today: 1, total: 2 })
})

test('the first activity marks the page active (a focus counts only in a field); a tap on a control marked for replay is held until the code is there', () => {
  const stop = runOn(`
    <button id="plain" type="button" data-replay>lightbox</button>
    <a id="video" href="https://www.youtube.com/watch?v=x" data-replay>play</a>
    <button id="toggle" type="button" popovertarget="menu">menu</button>
    <button id="submit" type="submit">send</button>
    <input id="field">`)
  const html = document.documentElement
  document.getElementById('plain')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
  expect(html.hasAttribute('data-active')).toBe(false)
  document.getElementById('field')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
  expect(html.hasAttribute('data-active')).toBe(true)

  const reached: string[] = []
  document.body.addEventListener('click', (e) => reached.push((e.target as HTMLElement).id + (e.defaultPrevented ? ' (prevented)' : '')))
  const click = (id: string) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    document.getElementById(id)!.dispatchEvent(event)
    return event.defaultPrevented
  }
  expect(['toggle', 'submit', 'plain'].map(click)).toEqual([false, false, true])
  expect(window.__tap?.id).toBe('plain')
  expect(click('video')).toBe(true) // the link does not leave for YouTube
  expect(window.__tap?.id).toBe('video') // the last tap wins
  expect(reached).toEqual(['toggle', 'submit'])
  // Hydrated, but a block still waits for its code: still held.
  html.dataset.hydrated = ''
  html.dataset.deferredBlocks = '1'
  click('plain')
  expect(window.__tap?.id).toBe('plain')
  // Every block has its code: a tap goes through.
  delete html.dataset.deferredBlocks
  delete window.__tap
  expect(click('plain')).toBe(false)
  expect(window.__tap).toBeUndefined()
  expect(reached).toEqual(['toggle', 'submit', 'plain'])
  stop()
})

test('it reports the view, then each tap by kind and the first input of each estimate form, as events the server accepts', () => {
  const sent: [string, string][] = []
  vi.stubGlobal('navigator', { sendBeacon: (url: string, body: string) => sent.push([url, body]) })
  const stop = runOn(`
    <a id="tel" href="tel:+13035550142"><svg><use href="#phone"></use></svg></a>
    <a id="mail" href="mailto:a@b.example">mail</a>
    <button id="chat" data-widget="chat">chat</button>
    <button id="call" data-widget="call">call</button>
    <a id="wa" href="https://wa.me/13035550142">wa</a>
    <a id="map" href="https://www.google.com/maps/search/?api=1&query=x">map</a>
    <a id="fb" href="https://facebook.com/x" data-social="1">fb</a>
    <a id="page" href="/about">about</a>
    <form action="/contact"><input type="hidden" name="place" value="modal"><input id="name" name="name"></form>
    <form><input id="other"></form>`)
  document.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true })) // the first activity: the view goes first
  const click = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true }))
  click('tel')
  document.querySelector('use')!.dispatchEvent(new MouseEvent('click', { bubbles: true })) // a tap on the icon inside the link
  for (const id of ['mail', 'chat', 'call', 'wa', 'map', 'fb', 'page']) click(id)
  for (const id of ['name', 'name', 'other']) document.getElementById(id)!.dispatchEvent(new Event('input', { bubbles: true }))
  const events = sent.map(([url, body]) => {
    expect(url).toBe('/api/results')
    const event = parseResultEvent(body)
    expect(event, body).not.toBeNull()
    return event!.a === 'form' ? `form:${event!.f}` : event!.a
  })
  expect(events).toEqual(['view', 'phone', 'phone', 'email', 'chat', 'chat', 'map', 'social', 'form:modal'])
  stop()
})
