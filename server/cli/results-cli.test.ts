import { expect, test } from 'vitest'
import { tempDir, testRecord } from '#tests/lead-fixtures.ts'
import fs from 'node:fs'
import path from 'node:path'
import { startFakeProvider } from '#tests/fake-provider.ts'
import { main } from './results-cli.ts'
import { main as recordCli } from './record-cli.ts'
import { main as sitesCli } from './sites-cli.ts'

test('npm run results prints figures without mail settings: the server’s lead and report destinations are not asked for', async () => {
  const tmp = tempDir()
  try {
    let out = ''
    const env = {
      DATA_DIR: tmp.dir,
      PAGE_ID: 'ironwood',
      // What the server runs with: emails and a webhook on this machine; no SMTP_URL, MAIL_FROM nor OUTBOUND_ALLOW_ORIGINS here.
      LEAD_EMAIL: 'owner@ironwood.example',
      REPORT_EMAIL: 'owner@ironwood.example',
      LEAD_WEBHOOK_URL: 'http://127.0.0.1:9000/hook',
      LEAD_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }
    expect(await main(['--month', '2026-10', '--json'], env, (s) => void (out += s))).toBe(0)
    expect(JSON.parse(out)).toMatchObject([{ site: 'ironwood', month: '2026-10' }])
  } finally {
    tmp.remove()
  }
})

test('a site added to storage (the console, the API, npm run sites -- import) is known to npm run results and npm run record -- check', async () => {
  const tmp = tempDir()
  const provider = await startFakeProvider({ kind: 'ok', record: testRecord() })
  try {
    const env = { DATA_DIR: tmp.dir, PAGE_ID: 'demo', OUTBOUND_ALLOW_ORIGINS: provider.url }
    const file = path.join(tmp.dir, 'sites.json')
    fs.writeFileSync(file, JSON.stringify([{ hosts: ['acme.test'], pageId: 'acme', pageApiUrl: provider.url }]))
    expect(await sitesCli(['import', file], env, () => {})).toBe(0)
    let out = ''
    expect(await main(['--site', 'acme', '--month', '2026-10', '--json'], env, (s) => void (out += s))).toBe(0)
    expect(JSON.parse(out)).toMatchObject({ site: 'acme', month: '2026-10' })
    out = ''
    expect(await recordCli(['check', '--site', 'acme', '--json', '--no-fetch'], env, (s) => void (out += s))).not.toBe(2)
    expect(provider.requests.map((r) => r.url)).toEqual([expect.stringContaining('acme')])
    expect(await recordCli(['check', '--site', 'nobody', '--no-fetch'], env, () => {})).toBe(2)
  } finally {
    await provider.close()
    tmp.remove()
  }
})
