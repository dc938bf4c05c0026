// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, test } from 'vitest'
import { phoneViews } from '#app/record/record-phones.ts'
import { parsePageRecord } from '#app/record/schema.ts'
import { sideServiceLinks } from '#app/record/service-lists.ts'
import { sidePanelSocialLinks } from '#app/record/side-panel.ts'
import { ServiceSidePanel } from './service-side-panel.server.tsx'

afterEach(cleanup)

function renderPanel(serviceCount: number, socialCount: number, phones = [{ phone: '303-555-0142', name: 'Office' }]) {
  const record = parsePageRecord({
    dbPrincipal: { phones, emails: [{ email: 'a@b.example' }] },
    dbServices: Array.from({ length: serviceCount }, (_, i) => ({ name: `Service ${i + 1}` })),
    dbSocialMedia: {
      redes: Array.from({ length: socialCount }, (_, i) => ({ name: `Net ${i}`, url: `https://net${i}.example/x`, icon: 'facebook' })),
    },
  })
  render(
    <MemoryRouter>
      <ServiceSidePanel
        services={sideServiceLinks(record.dbServices)}
        currentPath="/service-2"
        phones={phoneViews(record)}
        emails={record.dbPrincipal.emails}
        workday="Mon - Sat"
        workHour="7 AM - 6 PM"
        socialLinks={sidePanelSocialLinks(record.dbSocialMedia.redes)}
      />
    </MemoryRouter>,
  )
  return screen.getByRole('complementary', { name: 'Service details' })
}

test('lists at most 13 services and marks the current one', () => {
  const panel = renderPanel(20, 2)
  const links = within(within(panel).getByRole('navigation', { name: 'Services' })).getAllByRole('link')
  expect(links).toHaveLength(13)
  expect(links[1]!.getAttribute('aria-current')).toBe('page')
})

test('phones with their names, emails, first work day and hour', () => {
  const panel = renderPanel(3, 2)
  expect(
    within(panel)
      .getByRole('link', { name: /Office\s*303-555-0142/ })
      .getAttribute('href'),
  ).toBe('tel:+13035550142')
  expect(within(panel).getByRole('link', { name: 'a@b.example' }).getAttribute('href')).toBe('mailto:a@b.example')
  expect(panel.textContent).toContain('Mon - Sat')
  expect(panel.textContent).toContain('7 AM - 6 PM')
})

test('a phone that cannot be dialled is text, not a tel: link', () => {
  const panel = renderPanel(3, 2, [
    { phone: '555', name: 'Yard' },
    { phone: '555-555-5555', name: 'Demo' },
  ])
  expect(panel.textContent).toContain('Yard555')
  expect(within(panel).queryByRole('link', { name: /Yard/ })).toBeNull()
  expect(
    within(panel)
      .getByRole('link', { name: /Demo\s*555-555-5555/ })
      .getAttribute('href'),
  ).toBe('tel:+15555555555')
  expect(panel.innerHTML).not.toContain('tel:+1555"')
})

test('social links only when there is more than one', () => {
  expect(within(renderPanel(3, 1)).queryByRole('heading', { name: 'Follow Us' })).toBeNull()
  cleanup()
  const panel = renderPanel(3, 2)
  expect(within(panel).getByRole('heading', { name: 'Follow Us' })).toBeTruthy()
  expect(within(panel).getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(2)
})
