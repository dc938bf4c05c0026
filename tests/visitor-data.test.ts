import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { main } from '#server/cli/leads-cli.ts'
import { retentionReason } from '#server/leads/lead-retention.server.ts'
import { buildRelayBody } from '#server/leads/relay-body.server.ts'
import { eraseOlderThan } from '#server/leads/visitor-data.server.ts'
import type { LeadArrival } from '#server/storage/lead-store.server.ts'
import { CANCELLED_BY_ERASURE } from '#server/storage/lead-rows.server.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { testRecord, validForm } from './lead-fixtures.ts'
import { clusterOfItsOwn } from './own-cluster.ts'
import { backendsOn, closeAll } from './storage-backends.ts'

/**
 * A visitor's rights (issue 44) on both storages, through `npm run leads`: what is held about an address or a phone
 * on every site, then erased: gone from the listing, the CSV, --subject and the database's bytes on disk; each lead
 * a tombstone (site, time, "erased on request"), so the counts stay; deliveries not sent yet cancelled.
 */

afterEach(closeAll)
// Bytes on disk after a vacuum are what this database alone leaves: a snapshot held by another file's work in a shared cluster would keep the dead row.
const backends = backendsOn(clusterOfItsOwn())

const visitor = { ...validForm, firstName: 'Rosalind', lastName: 'Quenby', email: 'Rosalind.Quenby@example.com', phone: '(720) 555-0199' }
const sameVisitorOtherAddress = { ...visitor, email: 'rq.home@example.net', phone: '720.555.0199', message: 'Gate code 4471' }
const someoneElse = { ...validForm, firstName: 'Bartholomew', lastName: 'Keele', email: 'bart.keele@example.org', phone: '303 555 0142' }
/** Where the visitor's visits began (issue 45's arrival_json): theirs too, erased with their words. */
const visitorArrival = { source: 'Google', utmSource: 'google', medium: 'cpc', campaign: 'quenby-spring-promo' }
const SECRETS = ['Quenby', 'rosalind.quenby', 'Rosalind.Quenby', 'rq.home', '555-0199', 'Gate code 4471', 'quenby-spring-promo']

async function addLead(storage: Storage, site: string, lead: typeof validForm, now: number, arrival: LeadArrival | null = null) {
  const { row } = await storage.leads.insertLead({
    pageId: site,
    site,
    arrival,
    lead: { ...lead, contactWays: ['phone'] },
    relayBody: buildRelayBody({ ...lead, contactWays: ['phone'] }, testRecord()),
    deliveries: [
      { kind: 'relay', target: 'https://relay.example/send' },
      { kind: 'webhook', target: 'https://crm.example/hook' },
    ],
    now,
  })
  return row
}

/** Every byte the storage keeps on disk for leads: SQLite's file and WAL, or PostgreSQL's leads table (and its TOAST) after a checkpoint. */
async function bytesOnDisk(backend: string, place: string): Promise<string> {
  if (backend === 'sqlite')
    return ['leads.sqlite', 'leads.sqlite-wal']
      .map((name) => path.join(place, name))
      .filter((file) => fs.existsSync(file))
      .map((file) => fs.readFileSync(file).toString('latin1'))
      .join('')
  const client = new pg.Client({ connectionString: place })
  await client.connect()
  try {
    await client.query('CHECKPOINT')
    const { rows } = await client.query<{ dir: string; files: string[] }>(
      `SELECT current_setting('data_directory') AS dir,
              ARRAY[pg_relation_filepath('leads'), pg_relation_filepath(reltoastrelid)] AS files
       FROM pg_class WHERE oid = 'leads'::regclass`,
    )
    const { dir, files } = rows[0]!
    return files
      .filter(Boolean)
      .flatMap((file) =>
        fs
          .readdirSync(path.dirname(path.join(dir, file)))
          .filter((f) => f.startsWith(path.basename(file)))
          .map((f) => path.join(dir, path.dirname(file), f)),
      )
      .map((file) => fs.readFileSync(file).toString('latin1'))
      .join('')
  } finally {
    await client.end()
  }
}

describe.each(backends)('on $name', (backend) => {
  test('--subject finds a visitor on every site by address or phone; --erase leaves tombstones and no byte of them', async () => {
    const place = await backend.fresh()
    const storage = await backend.open(place)
    await addLead(storage, 'acme', visitor, 1_000, visitorArrival)
    await addLead(storage, 'birch', sameVisitorOtherAddress, 2_000, { ...visitorArrival, source: 'Bing', utmSource: null })
    const keptArrival = { source: '(direct)', utmSource: null, medium: null, campaign: 'keele-fall-fences' }
    const kept = await addLead(storage, 'acme', someoneElse, 3_000, keptArrival)
    const env = backend.name === 'sqlite' ? { DATA_DIR: place } : { DATABASE_URL: place, DATA_DIR: '/nonexistent' }
    const run = async (...argv: string[]) => {
      let out = ''
      const code = await main(argv, env, (s) => void (out += s))
      return { code, out }
    }

    // By address (any case, as the form stores it), then by phone (its digits, however written): every site.
    const byAddress = JSON.parse((await run('--subject', ' ROSALIND.quenby@example.com ', '--json')).out)
    expect(byAddress.leads.map((l: { site: string }) => l.site)).toEqual(['acme'])
    expect(byAddress.leads[0].fields).toMatchObject({ lastName: 'Quenby', phone: '(720) 555-0199' })
    expect(byAddress.leads[0].deliveries.map((d: { kind: string; state: string }) => `${d.kind} ${d.state}`)).toEqual([
      'relay pending',
      'webhook pending',
    ])
    const byPhone = JSON.parse((await run('--subject', '+1 720 555 0199', '--json')).out)
    expect(byPhone.leads.map((l: { site: string }) => l.site)).toEqual(['birch', 'acme'])
    expect((await run('--subject', '7205550199')).out).toMatch(/Quenby[\s\S]*2 lead\(s\)/)
    const countsBefore = await storage.leads.leadsSince(0)
    const before = await bytesOnDisk(backend.name, place) // what the check below can see
    expect(before).toContain('Quenby')
    expect(before).toContain(visitorArrival.campaign)

    const erased = await run('--erase', '720-555-0199')
    expect(erased.code).toBe(0)
    expect(erased.out).toMatch(/^Erased 2 lead\(s\) \(4 delivery\(ies\) not sent yet cancelled\)/)

    expect(JSON.parse((await run('--subject', '(720) 555-0199', '--json')).out).leads).toEqual([])
    expect(JSON.parse((await run('--subject', 'rosalind.quenby@example.com', '--json')).out).leads).toEqual([])
    const csv = (await run('--csv')).out
    const listing = (await run()).out
    for (const secret of SECRETS) {
      expect(csv, secret).not.toContain(secret)
      expect(listing, secret).not.toContain(secret)
    }
    expect(csv).toContain('Keele')
    expect(csv.match(/erased on request/g)).toHaveLength(2)
    expect(await storage.leads.leadsSince(0)).toEqual(expect.arrayContaining(countsBefore)) // the counts stay true
    const rows = await storage.leads.listLeads()
    expect(rows).toHaveLength(3)
    expect(rows.find((r) => r.id === kept.id)!.arrival).toEqual(keptArrival)
    for (const row of rows.filter((r) => r.id !== kept.id)) {
      expect(row.erased).toEqual({ at: expect.any(Number), reason: 'erased on request' })
      expect(row.arrival).toBeNull() // where their visit began (source, utm tags, campaign) went with their words
      expect(row.deliveries.map((d) => [d.state, d.lastError])).toEqual([
        ['failed', CANCELLED_BY_ERASURE],
        ['failed', CANCELLED_BY_ERASURE],
      ])
    }
    // Nothing erased is ever sent: the outbox finds no due delivery but the kept lead's.
    const due = await storage.leads.claimDue({ now: Date.now(), leaseMs: 60_000, limit: 10, owner: 'test' })
    expect(new Set(due.map((d) => d.leadId))).toEqual(new Set([kept.id]))
    expect((await run('--resend', rows.find((r) => r.erased)!.id)).code).toBe(1)

    const disk = await bytesOnDisk(backend.name, place)
    for (const secret of SECRETS) expect(disk, secret).not.toContain(secret)
    expect(disk).toContain('Keele')
    expect(disk).toContain(keptArrival.campaign)
  })

  test('retention (LEAD_RETENTION_DAYS) erases the leads older than its limit the same way, and only those', async () => {
    const place = await backend.fresh()
    const storage = await backend.open(place)
    const DAY = 24 * 3600 * 1000
    const now = Date.UTC(2026, 5, 1)
    await addLead(storage, 'acme', visitor, now - 40 * DAY)
    await addLead(storage, 'birch', sameVisitorOtherAddress, now - 31 * DAY)
    const recent = await addLead(storage, 'acme', someoneElse, now - 29 * DAY)
    expect(await eraseOlderThan(storage.leads, now - 30 * DAY, now, retentionReason(30))).toEqual({ erased: 2, cancelled: 4 })
    expect(await eraseOlderThan(storage.leads, now - 30 * DAY, now, retentionReason(30))).toEqual({ erased: 0, cancelled: 0 })
    const rows = await storage.leads.listLeads()
    expect(rows.map((r) => [r.site, r.erased?.reason ?? r.lead.lastName])).toEqual([
      ['acme', 'Keele'],
      ['birch', 'erased after 30 days (retention)'],
      ['acme', 'erased after 30 days (retention)'],
    ])
    expect(rows[0]!.id).toBe(recent.id)
    const disk = await bytesOnDisk(backend.name, place)
    for (const secret of SECRETS) expect(disk, secret).not.toContain(secret)
  })
})

test('--subject and --erase take one address or phone, nothing else', async () => {
  const run = async (...argv: string[]) => main(argv, { DATA_DIR: '/nonexistent' }, () => {})
  expect(await run('--subject', 'not a thing')).toBe(2)
  expect(await run('--erase', '123')).toBe(2)
  expect(await run('--erase', 'a@b.example', '--site', 'acme')).toBe(2)
  expect(await run('--json')).toBe(2)
})
