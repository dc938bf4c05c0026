import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server for the tests (smtp-server, the library behind many mail servers), on 127.0.0.1:
 * every message it accepts is parsed (mailparser) and kept. `refuse(n, code)` answers the next n
 * messages with an SMTP error instead, as a mail server does when it is full (4xx) or refuses (5xx).
 */
export interface FakeSmtp {
  /** smtp://user:pass@127.0.0.1:PORT, the way SMTP_URL is written. */
  url: string
  messages: ReceivedMail[]
  refuse(count: number, code?: number): void
  /** Resolves with the messages once `count` have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

export type ReceivedMail = ParsedMail & { envelopeTo: string[]; receivedAt: number; raw: string }

export async function startFakeSmtp({ user = 'mailer', pass = 'mail-pass' } = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = []
  let refusals: { count: number; code: number } = { count: 0, code: 451 }
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user })
      callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals.count--
          const error = Object.assign(new Error(refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
            responseCode: refusals.code,
          })
          return callback(error)
        }
        const raw = Buffer.concat(chunks)
        simpleParser(raw).then(
          (parsed) => {
            messages.push(
              Object.assign(parsed, {
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                receivedAt: Date.now(),
                raw: raw.toString('utf8'),
              }),
            )
            callback()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    messages,
    refuse(count, code = 451) {
      refusals = { count, code }
    },
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} email(s), got ${messages.length} in ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return messages
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
