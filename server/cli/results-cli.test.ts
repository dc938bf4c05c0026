import { expect, test } from 'vitest'
import { tempDir } from '#tests/lead-fixtures.ts'
import { main } from './results-cli.ts'

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
