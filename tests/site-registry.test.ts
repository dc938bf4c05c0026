import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { parseEnv } from '#server/config/env.server.ts'
import { changedSiteConfigs, createSiteRegistry, currentSiteConfigs, SiteChangeError } from '#server/sites/site-registry.server.ts'
import { main as sitesCli } from '#server/cli/sites-cli.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { backends, closeAll } from './storage-backends.ts'

/** The registry of sites in storage (issue 42): checked by SITES_FILE's schema, versioned, heard by every process. */

afterEach(closeAll)

const acme = { hosts: ['acme.example', 'www.acme.example'], pageId: 'acme', timeZone: 'America/Denver' }
const birch = { hosts: ['birch.example'], pageId: 'birch' }
const env = (more: Record<string, string> = {}) =>
  parseEnv({ PAGE_ID: 'demo', SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'a@agency.example', ...more })
const registryOn = (storage: Storage, more: Record<string, string> = {}) =>
  createSiteRegistry({ env: env(more), sites: storage.sites, activity: storage.console })

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SiteChangeError)
  const { status, message, fields } = error as SiteChangeError
  return { status, message, fields }
}

describe.each(backends)('the registry of sites on $name', (backend) => {
  test('add, change, remove and restore: each a version with who, when, before and after, and a line in Activity', async () => {
    const storage = await backend.open(await backend.fresh())
    const registry = registryOn(storage)
    expect(await currentSiteConfigs(env(), storage.sites)).toMatchObject([{ id: 'demo', hosts: [] }]) // nothing stored: PAGE_ID's site

    const added = await registry.add({ ...acme, hosts: ['ACME.example', 'www.acme.example'] }, 'ana@agency.example')
    expect(added).toMatchObject({
      id: 'acme',
      version: 1,
      updatedBy: 'ana@agency.example',
      entry: { hosts: ['acme.example', 'www.acme.example'] },
    })
    await registry.patch('acme', { leads: { email: ['Owner@Acme.example'] }, timeZone: null }, 'token ci')
    await registry.add(birch, 'ana@agency.example')
    expect((await currentSiteConfigs(env(), storage.sites)).map((c) => [c.id, c.timeZone, c.leads.email])).toEqual([
      ['acme', 'UTC', ['owner@acme.example']],
      ['birch', 'UTC', []],
    ])
    await registry.remove('acme', 'ana@agency.example')
    const versions = await registry.versions('acme')
    expect(versions.map((v) => [v.version, v.by, !!v.before, !!v.after])).toEqual([
      [3, 'ana@agency.example', true, false],
      [2, 'token ci', true, true],
      [1, 'ana@agency.example', false, true],
    ])
    expect(versions[1]!.before).toMatchObject({ timeZone: 'America/Denver' })
    expect(versions[1]!.after).toMatchObject({ leads: { email: ['owner@acme.example'] } })

    const restored = await registry.restore('acme', versions[1]!.id, 'ana@agency.example')
    expect(restored).toMatchObject({ version: 4, entry: { leads: { email: ['owner@acme.example'] } } })
    const activity = await storage.console.activity({ site: 'acme', limit: 10 })
    expect(activity.map((a) => [a.action, a.email, a.detail])).toEqual([
      ['restored-site', 'ana@agency.example', ''],
      ['removed-site', 'ana@agency.example', ''],
      ['changed-site', 'token ci', 'timeZone, leads'],
      ['added-site', 'ana@agency.example', ''],
    ])
    // Saving the same entry again is no change: no version, no activity.
    await registry.replace('acme', restored.entry, 'ana@agency.example')
    expect((await registry.versions('acme')).length).toBe(4)
  })

  test('refusals name each wrong field with the messages SITES_FILE gets; another site’s host or page id is a conflict', async () => {
    const storage = await backend.open(await backend.fresh())
    const registry = registryOn(storage)
    await registry.add(acme, 'ana@agency.example')
    expect(await refusal(registry.add({ hosts: ['https://x.example/'], pageId: 'x y', colour: 'red' }, 'ana'))).toEqual({
      status: 400,
      message: 'the site has wrong fields',
      fields: [
        { path: 'hosts[0]', message: 'a host name such as www.example.com (no scheme, port or path)' },
        { path: 'pageId', message: 'letters, digits, _ or - only' },
        { path: 'colour', message: 'not a field of a site' },
      ],
    })
    expect(await refusal(registry.add({ hosts: ['WWW.Acme.example'], pageId: 'other' }, 'ana'))).toMatchObject({
      status: 409,
      fields: [{ path: 'hosts[0]', message: 'host "www.acme.example" already belongs to site "acme"' }],
    })
    expect(await refusal(registry.add({ hosts: ['new.example'], pageId: 'acme' }, 'ana'))).toMatchObject({ status: 409 })
    expect(await refusal(registry.patch('acme', { pageId: 'renamed' }, 'ana'))).toMatchObject({ status: 400, fields: [{ path: 'pageId' }] })
    expect(await refusal(registry.patch('nobody', { hosts: ['n.example'] }, 'ana'))).toMatchObject({ status: 404 })
    // A change is shown only the sites that have the hosts it names: every spelling of another site's host is found.
    await registry.add(birch, 'ana')
    const taken = { status: 409, fields: [{ path: 'hosts[1]', message: 'host "acme.example" already belongs to site "acme"' }] }
    expect(await refusal(registry.patch('birch', { hosts: ['birch.example', ' Acme.EXAMPLE '] }, 'ana'))).toMatchObject(taken)
    expect(await refusal(registry.replace('birch', { ...birch, hosts: ['birch.example', 'ACME.example'] }, 'ana'))).toMatchObject(taken)
    await registry.remove('birch', 'ana')
    await registry.patch('acme', { hosts: ['acme.example', 'birch.example'] }, 'ana')
    const [removal] = await registry.versions('birch')
    expect(await refusal(registry.restore('birch', removal!.id, 'ana'))).toMatchObject({
      status: 409,
      fields: [{ path: 'hosts[0]', message: 'host "birch.example" already belongs to site "acme"' }],
    })
    expect(await refusal(registryOn(storage, { SITES_FILE: '/etc/sites.json' }).add(birch, 'ana'))).toMatchObject({
      status: 409,
      message: expect.stringContaining('SITES_FILE'),
    })
    expect(await registry.list()).toHaveLength(1)
  })

  test('PAGE_ID’s site only while storage never held a site: removing the last one leaves none, not the demo on every host', async () => {
    const storage = await backend.open(await backend.fresh())
    const registry = registryOn(storage)
    expect((await currentSiteConfigs(env(), storage.sites)).map((c) => c.id)).toEqual(['demo'])
    await registry.add(birch, 'ana@agency.example')
    await registry.remove('birch', 'ana@agency.example')
    expect(await currentSiteConfigs(env(), storage.sites)).toEqual([])
    const [removal] = await registry.versions('birch')
    await registry.restore('birch', removal!.id, 'ana@agency.example')
    expect((await currentSiteConfigs(env(), storage.sites)).map((c) => c.id)).toEqual(['birch'])
  })

  test('a change made by one process is heard by another sharing the storage, naming the sites it changed', async () => {
    const place = await backend.fresh()
    const [one, two] = [await backend.open(place), await backend.open(place)]
    const heard: (string[] | null)[] = []
    const stop = two.sites.listen((ids) => void heard.push(ids))
    await new Promise((resolve) => setTimeout(resolve, 300)) // PostgreSQL: the LISTEN is in place
    await registryOn(one).add(acme, 'ana@agency.example')
    await expect.poll(() => heard, { timeout: 10_000 }).toEqual([['acme']])
    expect((await registryOn(two).list()).map((s) => s.id)).toEqual(['acme'])

    // The other process serves what it hears by reading the sites named alone, and ends where a full read does.
    const served = await currentSiteConfigs(env(), two.sites)
    await registryOn(one).add(birch, 'ana@agency.example')
    await registryOn(one).patch('acme', { timeZone: 'America/Chicago' }, 'ana@agency.example')
    await registryOn(one).remove('birch', 'ana@agency.example')
    const following = async () => {
      let configs = served
      for (const ids of heard.slice(1)) configs = await changedSiteConfigs(env(), two.sites, configs, ids!)
      return configs.map((c) => [c.id, c.timeZone])
    }
    await expect.poll(following, { timeout: 10_000 }).toEqual([['acme', 'America/Chicago']])
    expect(heard.slice(1).flat().sort()).toEqual(
      backend.name === 'sqlite' ? expect.arrayContaining(['acme', 'birch']) : ['acme', 'birch', 'birch'],
    )

    // An import of more sites than a notification can name says so, and the listener reads them all.
    const many = Array.from({ length: 400 }, (_, i) => ({ hosts: [`contractor-${i}.example`], pageId: `contractor-number-${i}` }))
    heard.length = 0
    await registryOn(one).import(many, 'the command line')
    await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(0)
    const named = heard.flatMap((ids) => ids ?? [])
    expect(heard.includes(null) || named.length === many.length).toBe(true)
    expect((await currentSiteConfigs(env(), two.sites)).length).toBe(many.length + 1)
    stop()
  })
})

test('npm run sites: import, export and import again changes nothing; a wrong file is refused with its messages', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sites-cli-'))
  try {
    const file = path.join(dir, 'sites.json')
    fs.writeFileSync(file, JSON.stringify([acme, birch]))
    let out = ''
    const run = (...argv: string[]) => sitesCli(argv, { DATA_DIR: dir }, (s) => void (out += s))
    expect(await run('import', file)).toBe(0)
    expect(out).toBe(`Imported ${file}: 2 added (acme, birch), 0 changed, 0 unchanged.\n`)
    out = ''
    expect(await run('export')).toBe(0)
    const exported = JSON.parse(out)
    expect(exported).toEqual([acme, birch])
    fs.writeFileSync(file, out)
    out = ''
    expect(await run('import', file)).toBe(0)
    expect(out).toBe(`Imported ${file}: 0 added, 0 changed, 2 unchanged.\n`)
    fs.writeFileSync(file, JSON.stringify([{ ...acme, hosts: ['bad host'] }]))
    expect(await run('import', file)).toBe(1)
    expect(await run('import')).toBe(2)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
