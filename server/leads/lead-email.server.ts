import { leadEmailStrings } from '#app/i18n/lead-email-strings.ts'
import { locales } from '#app/i18n/strings.ts'
import { mailtoHref, telHref } from '#app/record/contact-links.ts'
import { html } from '../html/html-template.ts'
import { describeMailError, mailFailureKind, senderDomain, type Mailer, type MailMessage } from '../mail/mailer.server.ts'
import type { Sender } from './delivery-outbox.server.ts'
import type { EmailDetail, StoredLead } from './lead-store.server.ts'

/**
 * A lead as one email to the contractor's inbox: what the visitor typed (as text: hostile words stay
 * words), Reply-To the visitor, plain text and HTML, in the site's language. No image, no remote
 * anything, no tracking: the HTML has inline styles and mailto:/tel: links only. Its Message-ID is
 * the lead's own, so a resend (or a repeat after a lapsed lease) is recognisable as the same message.
 */

/** `<lead-ID@domain>`, the domain of MAIL_FROM's address: stable per lead. */
export const leadMessageId = (leadId: string, from: string) => `<lead-${leadId}@${senderDomain(from)}>`

/** Visitor text in a header: one line, no control characters. */
const oneLine = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced here
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

export function leadEmail(lead: StoredLead, detail: EmailDetail, to: string[]): Omit<MailMessage, 'messageId'> {
  const t = leadEmailStrings[detail.lang]
  const v = lead.lead
  const name = oneLine(`${v.firstName} ${v.lastName}`)
  const receivedAt = new Date(lead.createdAt).toLocaleString(locales[detail.lang], {
    timeZone: detail.timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })
  const ways = v.contactWays.map((way) => t.ways[way]).join(', ') || t.noWay
  const message = v.message.trim()
  const formName = lead.form ? t.forms[lead.form] : undefined
  const rows: { label: string; value: string; href?: string }[] = [
    { label: t.fields.service, value: v.service },
    { label: t.fields.name, value: name },
    { label: t.fields.email, value: v.email, href: mailtoHref(v.email) },
    { label: t.fields.phone, value: v.phone, href: telHref(v.phone) },
    { label: t.fields.address, value: v.address },
    { label: t.fields.contactWays, value: ways },
    ...(formName ? [{ label: t.fields.form, value: formName }] : []),
    { label: t.fields.receivedAt, value: receivedAt },
  ]
  const intro = t.intro(name, oneLine(detail.company))
  const text = [
    intro,
    '',
    ...rows.map(({ label, value }) => `${label}: ${value}`),
    '',
    `${t.fields.message}:`,
    message || t.noMessage,
    '',
    t.replyHint(oneLine(v.firstName)),
    '',
    t.footer(lead.id),
  ].join('\n')
  const cell = 'padding:6px 12px 6px 0;vertical-align:top;text-align:left'
  const body = html`<!doctype html>
    <html lang="${detail.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${t.subject(oneLine(v.service), name)}</title>
      </head>
      <body style="margin:0;padding:16px;max-width:640px;background:#ffffff;color:#1a1a1a;font:16px/1.5 Arial,Helvetica,sans-serif">
        <p style="margin:0 0 16px">${intro}</p>
        <table role="presentation" style="border-collapse:collapse">
          ${rows.map(
            ({ label, value, href }) =>
              html`<tr>
                <th scope="row" style="${cell};color:#555555;font-weight:normal">${label}</th>
                <td style="${cell};font-weight:bold">${href ? html`<a href="${href}">${value}</a>` : value}</td>
              </tr> `,
          )}
        </table>
        <h2 style="margin:16px 0 4px;font-size:16px;color:#555555;font-weight:normal">${t.fields.message}</h2>
        <p style="margin:0 0 16px;white-space:pre-wrap">${message || t.noMessage}</p>
        <p style="margin:0 0 8px">${t.replyHint(oneLine(v.firstName))}</p>
        <p style="margin:0;color:#555555;font-size:13px">${t.footer(lead.id)}</p>
      </body>
    </html> `
  return { to, subject: t.subject(oneLine(v.service), name), text, html: body.text, replyTo: v.email }
}

export interface EmailSenderOptions {
  mailer: Mailer
  /** MAIL_FROM, for the Message-ID's domain. */
  from: string
  /** The site's lead addresses now: an address the site no longer lists gets nothing. */
  emailsOf: (site: string) => string[] | undefined
}

/** One message per lead to the addresses it was stored with that the site still lists. */
export function emailSender({ mailer, from, emailsOf }: EmailSenderOptions): Sender {
  return async (delivery) => {
    const listed = new Set(emailsOf(delivery.lead.site) ?? [])
    const to = (delivery.target ?? '').split(',').filter((address) => listed.has(address))
    if (!to.length || !delivery.detail) return { outcome: 'failed', error: 'the site no longer lists these addresses' }
    try {
      await mailer.send({ ...leadEmail(delivery.lead, delivery.detail, to), messageId: leadMessageId(delivery.lead.id, from) })
      return { outcome: 'delivered', error: '' }
    } catch (e) {
      return { outcome: mailFailureKind(e), error: describeMailError(e) }
    }
  }
}
