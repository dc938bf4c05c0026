import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts'
import { createMailer, describeMailError, mailFailureKind } from './mailer.server.ts'

let smtp: FakeSmtp
beforeAll(async () => {
  smtp = await startFakeSmtp()
})
afterAll(() => smtp.close())

test('a message reaches the SMTP server with both bodies, its sender, recipients and Reply-To', async () => {
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Agency Leads <leads@agency.example>' })
  try {
    const result = await mailer.send({
      to: ['owner@ironwood.example', 'office@ironwood.example'],
      subject: 'Wood fence: Ana Pérez',
      text: 'Ana wrote: «Call me after 5»',
      html: '<p>Ana wrote: «Call me after 5»</p>',
      replyTo: 'ana@example.com',
    })
    expect(result.accepted).toEqual(['owner@ironwood.example', 'office@ironwood.example'])
    const [mail] = await smtp.waitFor(1)
    expect(mail!.subject).toBe('Wood fence: Ana Pérez')
    expect(mail!.from?.value).toEqual([{ name: 'Agency Leads', address: 'leads@agency.example' }])
    expect(mail!.replyTo?.text).toBe('ana@example.com')
    expect(mail!.text?.trim()).toBe('Ana wrote: «Call me after 5»')
    expect(mail!.html).toContain('<p>Ana wrote: «Call me after 5»</p>')
    expect(mail!.envelopeTo).toEqual(['owner@ironwood.example', 'office@ironwood.example'])
  } finally {
    mailer.close()
  }
})

test("the server's refusal says whether trying again can help; wrong credentials and no server are failures to retry, named without the password", async () => {
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'leads@agency.example' })
  const message = { to: ['owner@example.com'], subject: 's', text: 't', html: '<p>t</p>' }
  try {
    smtp.refuse(1, 451)
    const busy = await mailer.send(message).catch((e: unknown) => e)
    expect(mailFailureKind(busy)).toBe('retry')
    expect(describeMailError(busy)).toMatch(/^SMTP 451/)
    smtp.refuse(1, 550)
    const refused = await mailer.send(message).catch((e: unknown) => e)
    expect(mailFailureKind(refused)).toBe('failed')
  } finally {
    mailer.close()
  }
  const wrong = createMailer({ smtpUrl: smtp.url.replace('mail-pass', 'nope'), from: 'leads@agency.example' })
  // verify() signs in without sending: what the start-up check says about SMTP_URL.
  expect(describeMailError(await wrong.verify().catch((e: unknown) => e))).toMatch(/^SMTP 535/)
  const right = createMailer({ smtpUrl: smtp.url, from: 'leads@agency.example' })
  await expect(right.verify().finally(() => right.close())).resolves.toBeUndefined()
  const denied = await wrong.send(message).catch((e: unknown) => e)
  wrong.close()
  expect(mailFailureKind(denied)).toBe('retry')
  expect(describeMailError(denied)).toMatch(/^SMTP 535/)
  expect(describeMailError(denied)).not.toContain('nope')
  const nowhere = createMailer({ smtpUrl: 'smtp://u:secret@127.0.0.1:9', from: 'leads@agency.example', timeoutMs: 2000 })
  const down = await nowhere.send(message).catch((e: unknown) => e)
  nowhere.close()
  expect(mailFailureKind(down)).toBe('retry')
  expect(describeMailError(down)).not.toContain('secret')
})
