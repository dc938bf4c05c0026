import { afterEach, beforeEach, expect, inject, test } from 'vitest'
import { main } from '#server/cli/leads-cli.ts'
import { buildRelayBody } from '#server/leads/relay-body.server.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import { relayOnly, tempDir, testRecord, validForm } from './lead-fixtures.ts'
import { freshDatabase } from './postgres.ts'

// The leads CLI against the run's PostgreSQL (its SQLite-only behaviour is in server/cli/leads-cli.test.ts).
const lead = { ...validForm, contactWays: ['phone' as const] }
let tmp: ReturnType<typeof tempDir>
beforeEach(() => void (tmp = tempDir()))
afterEach(() => tmp.remove())

test('--import-sqlite copies an old DATA_DIR into PostgreSQL (DATABASE_URL) once; the list then reads PostgreSQL', async () => {
  const storage = await openStorage({ dataDir: tmp.dir, defaultSite: 'p' })
  const body = buildRelayBody(lead, testRecord())
  const kept = await storage.leads.insertLead({
    pageId: 'p',
    site: 'p',
    lead: { ...lead, firstName: 'Kept' },
    relayBody: body,
    deliveries: relayOnly('https://relay.example'),
    now: 1_000,
  })
  await storage.leads.insertLead({
    pageId: 'p',
    site: 'p',
    lead: { ...lead, firstName: 'Held' },
    relayBody: body,
    deliveries: relayOnly(null),
    now: 2_000,
  })
  await storage.visits.countView('p', '2026-01-15')
  await storage.close()
  const env = { DATABASE_URL: await freshDatabase(inject('postgresUrl')), DATA_DIR: `${tmp.dir}/unused` }
  const run = async (argv: string[]) => {
    let out = ''
    const code = await main(argv, env, (s) => void (out += s))
    return { code, out }
  }

  const first = await run(['--import-sqlite', tmp.dir])
  expect(first.code).toBe(0)
  expect(first.out).toMatch(
    /^Imported 2 of 2 lead\(s\) from .* into postgres postgres:\/\/.*\(0 already there\)\.\nImported visit counts of 1 of 1 day\(s\)/,
  )
  expect((await run(['--import-sqlite', tmp.dir])).out).toMatch(
    /^Imported 0 of 2 lead\(s\).*\(2 already there\)\.\nImported visit counts of 0 of 1 day\(s\)/,
  )
  const { out } = await run(['--csv'])
  const rows = out.trim().split('\r\n').slice(1)
  expect(rows.map((l) => l.split(',')[2])).toEqual(['"Held"', '"Kept"'])
  expect(rows[1]).toContain(`"${kept.row.id}"`)
})
