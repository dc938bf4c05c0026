import { leadEmailStrings } from '#app/i18n/lead-email-strings.ts'
import { locales } from '#app/i18n/strings.ts'
import { mailtoHref, mapSearchHref, telHref } from '#app/record/contact-links.ts'
import { globalNumber } from '#app/record/phone-numbers.ts'
import { html } from '../html/html-template.ts'
import { describeMailError, mailFailureKind, senderDomain, senderName, type Mailer, type MailMessage } from '../mail/mailer.server.ts'
import type { Sender } from './delivery-outbox.server.ts'
import { arrivalWords, leadConsoleUrl, leadFacts, oneLine } from './lead-facts.server.ts'
import type { EmailDetail, StoredLead } from '../storage/lead-store.server.ts'

/**
 * A lead as one email to the contractor's inbox: what the visitor typed (as text: hostile words stay
 * words), Reply-To the visitor by name, from "BUSINESS via AGENCY", plain text and HTML, in the site's
 * language, acted on in one tap: a "Call" button (the number as dialled, its extension apart), the
 * address as a map link, the lead in the console. No image, no remote anything, no tracking: inline
 * styles and links only. Its Message-ID is
 * the lead's own, so a resend (or a repeat after a lapsed lease) is recognisable as the same message.
 */

/** `<lead-ID@domain>`, the domain of MAIL_FROM's address: stable per lead. */
export const leadMessageId = (leadId: string, from: string) => `<lead-${leadId}@${senderDomain(from)}>`

/** What a lead email says beyond the lead: who sends it, and where the lead is in the console. */
export interface LeadEmailContext {
  /** MAIL_FROM's display name (the agency), '' when it has none. */
  agency: string
  /** CONSOLE_URL, for a link to the lead; null without one. */
  consoleUrl: string | null
}

export function leadEmail(
  lead: StoredLead,
  detail: EmailDetail,
  to: string[],
  context: LeadEmailContext = { agency: '', consoleUrl: null },
): Omit<MailMessage, 'messageId'> {
  const t = leadEmailStrings[detail.lang]
  const v = lead.lead
  const { name, phone } = leadFacts(lead)
  const first = oneLine(v.firstName)
  const company = oneLine(detail.company)
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
  // The phone dials the number and offers the extension (tel:+13035550199;ext=12); a number that cannot be dialled stays text.
  const tel = phone && telHref(globalNumber(phone))
  const map = v.address.trim() ? mapSearchHref(v.address) : null
  const leadUrl = leadConsoleUrl(context.consoleUrl, lead.site, lead.id)
  const came = arrivalWords(lead.arrival, detail.lang)
  const rows: { label: string; value: string; href?: string | null }[] = [
    { label: t.fields.service, value: v.service },
    { label: t.fields.name, value: name },
    { label: t.fields.email, value: v.email, href: mailtoHref(v.email) },
    { label: t.fields.phone, value: v.phone, href: tel },
    { label: t.fields.address, value: v.address, href: map },
    { label: t.fields.contactWays, value: ways },
    ...(formName ? [{ label: t.fields.form, value: formName }] : []),
    ...(came ? [{ label: t.fields.arrival, value: came }] : []),
    { label: t.fields.receivedAt, value: receivedAt },
  ]
  const intro = t.intro(name, company)
  const text = [
    intro,
    '',
    ...rows.map(({ label, value }) => `${label}: ${value}`),
    ...(tel ? [`${t.call(first)}: ${tel}`] : []),
    ...(map ? [`${t.openMap}: ${map}`] : []),
    '',
    `${t.fields.message}:`,
    message || t.noMessage,
    '',
    t.replyHint(first),
    ...(leadUrl ? ['', `${t.openLead}: ${leadUrl}`] : []),
    '',
    t.footer(lead.id),
  ].join('\n')
  const cell = 'padding:6px 12px 6px 0;vertical-align:top;text-align:left'
  // A button is a link with padding: mail apps drop scripts and most CSS, never a link.
  const button =
    'display:inline-block;margin:0 8px 8px 0;padding:12px 20px;border-radius:6px;background:#1d4ed8;color:#ffffff;font-weight:bold;text-decoration:none'
  const body = html`<!doctype html>
    <html lang="${detail.lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${t.subject(oneLine(v.service), name)}</title>
      </head>
      <body style="margin:0;padding:16px;max-width:640px;background:#ffffff;color:#1a1a1a;font:16px/1.5 Arial,Helvetica,sans-serif">
        <p style="margin:0 0 16px">${intro}</p>
        ${
          tel || map
            ? html`<p style="margin:0 0 8px">
                ${tel ? html`<a href="${tel}" style="${button}">${t.call(first)}</a>` : ''}
                ${map ? html`<a href="${map}" style="${button}">${t.openMap}</a>` : ''}
              </p>`
            : ''
        }
        <table role="presentation" style="border-collapse:collapse">
          ${rows.map(
            ({ label, value, href }) =>
              html`<tr>
                <th scope="row" style="${cell};color:#555555;font-weight:normal">${label}</th>
                <td style="${cell};font-weight:bold;overflow-wrap:anywhere">${href ? html`<a href="${href}">${value}</a>` : value}</td>
              </tr> `,
          )}
        </table>
        <h2 style="margin:16px 0 4px;font-size:16px;color:#555555;font-weight:normal">${t.fields.message}</h2>
        <p style="margin:0 0 16px;white-space:pre-wrap">${message || t.noMessage}</p>
        <p style="margin:0 0 8px">${t.replyHint(first)}</p>
        ${leadUrl ? html`<p style="margin:0 0 8px"><a href="${leadUrl}">${t.openLead}</a></p>` : ''}
        <p style="margin:0;color:#555555;font-size:13px">${t.footer(lead.id)}</p>
      </body>
    </html> `
  return {
    to,
    subject: t.subject(oneLine(v.service), name),
    text,
    html: body.text,
    // The contractor's reply goes to the visitor by name; the mail library encodes the name, so nothing in it can add a header.
    replyTo: { name, address: v.email },
    // "Ironwood Fences via Agency": whose lead it is, and who sends it, in the site's language.
    ...(company && { fromName: t.fromName(company, context.agency) }),
  }
}

export interface EmailSenderOptions {
  mailer: Mailer
  /** MAIL_FROM: the Message-ID's domain, and the agency's name in each email's sender. */
  from: string
  /** CONSOLE_URL: each email links to its lead there. */
  consoleUrl?: string | null
  /** The site's lead addresses now: an address the site no longer lists gets nothing. */
  emailsOf: (site: string) => string[] | undefined
}

/** One message per lead to the addresses it was stored with that the site still lists. */
export function emailSender({ mailer, from, emailsOf, consoleUrl = null }: EmailSenderOptions): Sender {
  const context = { agency: oneLine(senderName(from)), consoleUrl }
  return async (delivery) => {
    const listed = new Set(emailsOf(delivery.lead.site) ?? [])
    const to = (delivery.target ?? '').split(',').filter((address) => listed.has(address))
    if (!to.length || !delivery.detail) return { outcome: 'failed', error: 'the site no longer lists these addresses', unlisted: true }
    try {
      await mailer.send({ ...leadEmail(delivery.lead, delivery.detail, to, context), messageId: leadMessageId(delivery.lead.id, from) })
      return { outcome: 'delivered', error: '' }
    } catch (e) {
      return { outcome: mailFailureKind(e), error: describeMailError(e) }
    }
  }
}
