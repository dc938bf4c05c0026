import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import { maskCredentials } from '../observability/mask-credentials.js'

/**
 * The agency's mail server (SMTP_URL, MAIL_FROM): the one way anything leaves as email (a lead to the
 * contractor's inbox, the month's report, a console invitation). One pooled connection set per
 * process; a message is accepted when the server says 250, and what it refused says whether trying
 * again can help (4xx, a dropped connection) or not (5xx: no such mailbox, refused sender).
 */

export interface MailMessage {
  to: string[]
  subject: string
  /** Both bodies: clients that show only one, and spam filters, expect both. */
  text: string
  html: string
  /** An address, or a person's name with it (`"First Last" <email>`: the name is encoded, never parsed from text). */
  replyTo?: string | MailAddress
  /** The display name of the sender for this message (MAIL_FROM's address stays the address). */
  fromName?: string
  /** Extra headers, e.g. a stable Message-ID so a resend is recognisable. */
  headers?: Record<string, string>
  messageId?: string
  /** Parts of the message: a picture the HTML shows by its `cid:` (the monthly report's logo and chart). */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[]
}

export interface MailAddress {
  name: string
  address: string
}

export interface MailResult {
  messageId: string
  accepted: string[]
  rejected: string[]
}

export interface Mailer {
  send(message: MailMessage): Promise<MailResult>
  /** Connects and signs in without sending: rejects with what the server said (wrong password, nothing listening). */
  verify(): Promise<void>
  close(): void
}

/** How long each step with the mail server may take: connecting, its greeting, then any silence. */
export const SMTP_TIMEOUT_MS = 20_000

export interface MailerOptions {
  smtpUrl: string
  from: string
  timeoutMs?: number
}

export function createMailer({ smtpUrl, from, timeoutMs = SMTP_TIMEOUT_MS }: MailerOptions): Mailer {
  const url = new URL(smtpUrl)
  const sender = senderAddress(from) || from
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: message.fromName ? { name: message.fromName, address: sender } : from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
        headers: message.headers,
        messageId: message.messageId,
        attachments: message.attachments,
        disableUrlAccess: true, // nothing in a message may make us fetch a URL (attachments, images)
        disableFileAccess: true,
      })
      return {
        messageId: info.messageId,
        accepted: info.accepted.map(String),
        rejected: info.rejected.map(String),
      }
    },
    verify: async () => void (await transport.verify()),
    close: () => transport.close(),
  }
}

/**
 * Whether a failed send may succeed later. A 5xx answer to the message will not (the address or the
 * sender is refused); refused credentials are the operator's to fix (SMTP_URL), so the message waits
 * for them like it waits for a server that is down.
 */
export function mailFailureKind(error: unknown): 'failed' | 'retry' {
  const { responseCode, code } = error as { responseCode?: number; code?: string }
  if (code === 'EAUTH') return 'retry'
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 ? 'failed' : 'retry'
}

/** A send's failure in a few words for a log line or a destination's last error: the server's code, never a password. */
export function describeMailError(error: unknown): string {
  const { responseCode, code, message } = error as { responseCode?: number; code?: string; message?: string }
  const text = maskCredentials(String(message ?? error))
    .split('\n')[0]!
    .slice(0, 200)
  return responseCode ? `SMTP ${responseCode}: ${text}` : code ? `${code}: ${text}` : text
}

/** MAIL_FROM's address (`leads@agency.example`), without its name. */
export function senderAddress(from: string): string {
  return addressparser(from, { flatten: true })[0]?.address ?? ''
}

/** MAIL_FROM's display name (`Agency` in `Agency <leads@agency.example>`), or '' when it has none. */
export function senderName(from: string): string {
  return addressparser(from, { flatten: true })[0]?.name.trim() ?? ''
}

/** The domain of a sender (MAIL_FROM: `leads@agency.example` or `Agency <leads@agency.example>`): a message id's right side. */
export function senderDomain(from: string): string {
  return senderAddress(from).split('@')[1]?.toLowerCase() || 'localhost'
}
