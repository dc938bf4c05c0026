// @vitest-environment jsdom
import { expect, test, vi } from 'vitest'
import { parseResultEvent } from '../results/results-counter.server.ts'
import { addResultsScript, RESULTS_SCRIPT } from './results-script.server.ts'
import { hashMarkedScripts, renderMark } from './inline-scripts.server.ts'

test('the script is at most 1 KiB, one line, and marked for the CSP at the end of the body', () => {
  expect(Buffer.byteLength(RESULTS_SCRIPT)).toBeLessThanOrEqual(1024)
  expect(RESULTS_SCRIPT).not.toContain('\n')
  const mark = renderMark()
  const html = addResultsScript('<html><body><p>page</p></body></html>', mark)
  expect(html).toMatch(/<p>page<\/p><script nonce="[^"]+">[^<]+<\/script><\/body>/)
  expect(hashMarkedScripts(html, mark).hashes).toHaveLength(1)
})

test('it reports the view, then each tap by kind and the first input of each estimate form, as events the server accepts', () => {
  const sent: [string, string][] = []
  vi.stubGlobal('navigator', { sendBeacon: (url: string, body: string) => sent.push([url, body]) })
  document.body.innerHTML = `
    <a id="tel" href="tel:+13035550142"><svg><use href="#phone"></use></svg></a>
    <a id="mail" href="mailto:a@b.example">mail</a>
    <button id="chat" data-widget="chat">chat</button>
    <button id="call" data-widget="call">call</button>
    <a id="wa" href="https://wa.me/13035550142">wa</a>
    <a id="map" href="https://www.google.com/maps/search/?api=1&query=x">map</a>
    <a id="fb" href="https://facebook.com/x" data-social="1">fb</a>
    <a id="page" href="/about">about</a>
    <form action="/contact"><input type="hidden" name="place" value="modal"><input id="name" name="name"></form>
    <form><input id="other"></form>`
  new Function(RESULTS_SCRIPT)()
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
})
