import { expect, test } from 'vitest'
import { refusedField } from './site-permissions.server.ts'
import type { SiteEntry } from './site-config.server.ts'

const site: SiteEntry = {
  hosts: ['acme.example'],
  pageId: 'acme',
  leads: { email: ['a@acme.example'], webhooks: [{ url: 'https://crm.example/hook', secret: 'whsec_x' }] },
  reports: { email: [] },
}

test('admins change anything; staff the destinations and recipients; a contractor only the inbox and report recipients', () => {
  const hosts = { ...site, hosts: ['acme.example', 'www.acme.example'] }
  const inbox = { ...site, leads: { ...site.leads!, email: ['b@acme.example'] } }
  const hooks = { ...site, leads: { ...site.leads!, webhooks: [] } }
  const reports = { ...site, reports: { email: ['boss@acme.example'] } }
  expect(refusedField('admin', site, hosts)).toBeNull()
  expect(refusedField('staff', site, hosts)).toBe('hosts')
  expect(refusedField('staff', site, hooks)).toBeNull()
  expect(refusedField('staff', site, reports)).toBeNull()
  expect(refusedField('contractor', site, inbox)).toBeNull()
  expect(refusedField('contractor', site, reports)).toBeNull()
  expect(refusedField('contractor', site, hooks)).toBe('leads.webhooks')
  expect(refusedField('contractor', site, { ...site, timeZone: 'Europe/Madrid' })).toBe('timeZone')
})
