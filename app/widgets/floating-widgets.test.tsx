// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { parsePageRecord, widgetNames, type WidgetName } from '#app/record/schema.ts'
import CallUsNow from './call-us-now.tsx'
import ChatWidget, { CHAT_GREETING_DELAY_MS } from './chat-widget.tsx'
import { PANEL_LOADER_MS } from './typing-loader.tsx'
import { WidgetMenu } from './floating-widgets.tsx'
import { widgetSettings } from '#app/record/widget-settings.ts'
import { installFakePopover } from '#tests/fake-popover.ts'

let uninstallPopover = () => {}
beforeEach(() => (uninstallPopover = installFakePopover()))
afterEach(() => uninstallPopover())

const base = {
  dbPrincipal: {
    name: 'Acme Fence Co',
    logo: '/logo.png',
    phones: [
      { phone: '303-555-0142', name: 'Office' },
      { phone: '720-555-0199', name: 'Sales' },
    ],
    location: [{ address: '1234 Main St, Denver, CO 80202', url: 'https://www.google.com/maps/embed?pb=!2d-104.99!3d39.74' }],
  },
}
const allOn = widgetNames.map((val) => ({ val, activo: true }))

const LABELS: Record<WidgetName, { role: 'button' | 'link'; name: string }> = {
  WhatsappBtn: { role: 'button', name: 'Chat with us' },
  CallUsNow: { role: 'button', name: 'Call us now' },
  VisitsCounter: { role: 'button', name: 'Visits counter' },
  Wheather: { role: 'button', name: 'Weather' },
  ReviewTab: { role: 'link', name: 'Customer reviews' },
  ModalColores: { role: 'button', name: 'Colour palette' },
}

function renderMenu(raw: Record<string, unknown>) {
  const settings = widgetSettings(parsePageRecord({ ...base, ...raw }))
  render(
    <MemoryRouter>
      <WidgetMenu settings={settings} visits={{ status: 'ready', today: 3, total: 42 }} />
    </MemoryRouter>,
  )
  fireEvent.click(screen.getByRole('button', { name: 'Quick actions menu' }))
  return within(screen.getByRole('region', { name: 'Quick actions' }))
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('each widget appears only when its own entry is active', () => {
  test('all entries active: every widget is offered', () => {
    const menu = renderMenu({ simpleWidgets: allOn })
    for (const { role, name } of Object.values(LABELS)) expect(menu.getByRole(role, { name })).toBeTruthy()
  })

  for (const widget of widgetNames) {
    test(`${widget} inactive → absent, the others stay`, () => {
      // Reversed order: entries are matched by val, never by position.
      const entries = allOn.map((e) => (e.val === widget ? { ...e, activo: false } : e)).reverse()
      const menu = renderMenu({ simpleWidgets: entries })
      const { role, name } = LABELS[widget]
      expect(screen.queryByRole(role, { name })).toBeNull()
      const other = Object.entries(LABELS).find(([key]) => key !== widget)![1]
      expect(menu.getByRole(other.role, { name: other.name })).toBeTruthy()
    })
  }

  test('an entry that is missing, or only names another widget at that position, turns nothing on', () => {
    const { container } = render(
      <MemoryRouter>
        <WidgetMenu
          settings={widgetSettings(parsePageRecord({ ...base, simpleWidgets: [{ val: 'Other', activo: true }] }))}
          visits={{ status: 'loading' }}
        />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Quick actions menu' }))
    expect(within(container).queryAllByRole('listitem')).toHaveLength(0)
  })

  test('chat and call need a phone', () => {
    const menu = renderMenu({ dbPrincipal: { ...base.dbPrincipal, phones: [] }, simpleWidgets: allOn })
    expect(menu.queryByRole('button', { name: 'Chat with us' })).toBeNull()
    expect(menu.queryByRole('button', { name: 'Call us now' })).toBeNull()
    expect(menu.getByRole('button', { name: 'Weather' })).toBeTruthy()
  })

  test('chat and call need a phone that can be dialled: "555" is none', () => {
    const menu = renderMenu({ dbPrincipal: { ...base.dbPrincipal, phones: [{ phone: '555', name: 'Yard' }] }, simpleWidgets: allOn })
    expect(menu.queryByRole('button', { name: 'Chat with us' })).toBeNull()
    expect(menu.queryByRole('button', { name: 'Call us now' })).toBeNull()
  })
})

test('the call panel dials the number the server read, not the digits as typed', () => {
  vi.useFakeTimers()
  const phones = [
    { phone: '+1 (303) 555.0142 ext. 12', name: 'Office' },
    { phone: '555', name: 'Yard' },
    { phone: '1-555-555-5555', name: 'Demo' },
  ]
  const call = widgetSettings(parsePageRecord({ dbPrincipal: { phones }, simpleWidgets: allOn })).call!
  render(<CallUsNow phones={call.phones} />)
  act(() => void vi.advanceTimersByTime(PANEL_LOADER_MS))
  expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['+1 (303) 555.0142 ext. 12', 'tel:+13035550142;ext=12'],
    ['1-555-555-5555', 'tel:+15555555555'],
  ])
})

describe('menu behaviour', () => {
  test('opening one panel closes the other; Escape closes the panel, then the menu, returning focus each time', async () => {
    const menu = renderMenu({ simpleWidgets: allOn })
    const call = menu.getByRole('button', { name: 'Call us now' })
    fireEvent.click(menu.getByRole('button', { name: 'Visits counter' }))
    expect(await menu.findByRole('dialog', { name: 'Visits' })).toBeTruthy()
    fireEvent.click(call)
    expect(await menu.findByRole('dialog', { name: 'Call us now' })).toBeTruthy()
    expect(menu.queryByRole('dialog', { name: 'Visits' })).toBeNull()
    expect(call.getAttribute('aria-expanded')).toBe('true')

    fireEvent.keyDown(menu.getByRole('dialog'), { key: 'Escape' })
    expect(menu.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(call)
    fireEvent.keyDown(call, { key: 'Escape' })
    const launcher = screen.getByRole('button', { name: 'Quick actions menu' })
    expect(launcher.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(launcher)
  })

  test('chat popup: business name, logo, reply time and a labelled message box', async () => {
    const menu = renderMenu({ simpleWidgets: allOn })
    fireEvent.click(menu.getByRole('button', { name: 'Chat with us' }))
    const chat = await menu.findByRole('dialog', { name: 'Acme Fence Co' })
    expect(within(chat).getByText('Typically replies in minutes')).toBeTruthy()
    expect(chat.querySelector('img')?.getAttribute('src')).toBe('/logo.png')
    expect(await within(chat).findByLabelText('Your message')).toBeTruthy()
  })
})

describe('chat body', () => {
  test('typing loader for 3 s, then a greeting; Send opens the chat app for the first phone and clears the input', () => {
    vi.useFakeTimers()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    render(<ChatWidget phone="303-555-0142" businessName="Acme Fence Co" />)
    expect(screen.getByRole('status').textContent).toContain('Acme Fence Co is typing')
    act(() => vi.advanceTimersByTime(CHAT_GREETING_DELAY_MS - 10))
    expect(screen.queryByText(/How can we help/)).toBeNull()
    act(() => vi.advanceTimersByTime(10))
    expect(screen.getByText(/How can we help/)).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()

    const input = screen.getByLabelText<HTMLInputElement>('Your message')
    fireEvent.change(input, { target: { value: 'Fence quote & gate?' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(open).toHaveBeenCalledWith('https://wa.me/13035550142?text=Fence%20quote%20%26%20gate%3F', '_blank', 'noopener')
    expect(input.value).toBe('')
    fireEvent.change(input, { target: { value: 'second' } })
    fireEvent.submit(input.form!)
    expect(open).toHaveBeenLastCalledWith('https://wa.me/13035550142?text=second', '_blank', 'noopener')
  })
})
