import type { EstimateLead } from '#app/forms/estimate-form.ts'
import { formText } from '#app/forms/form-labels.ts'
import { formStringsFor } from '#app/forms/form-strings.ts'
import { absoluteUrl } from '#app/record/absolute-url.ts'
import type { PageRecord } from '#app/record/schema.ts'
import type { RelayBody } from '../storage/lead-store.server.ts'

/** The recipient comes from the record, never from the browser: no open relay. */
export function buildRelayBody(lead: EstimateLead, record: PageRecord, siteUrl?: string): RelayBody {
  const words = formStringsFor(record.labels.formLabel).relay
  // The ticked ways by the labels the visitor saw beside them.
  const labels = formText(record.labels.formLabel)
  const wayLabels = { phone: labels.tcheckphone, email: labels.tcheckcorreo }
  return {
    toEmail: firstBusinessEmail(record),
    nombre: lead.firstName,
    lastname: lead.lastName,
    email: lead.email,
    asunto: `${words.subject} ${lead.firstName} ${lead.lastName}`,
    phone: lead.phone,
    address: lead.address,
    service: lead.service,
    mensaje: lead.message.trim() || words.noMessage,
    img: absoluteUrl(siteUrl, record.dbPrincipal.logo),
    color: '1',
    waytocontact: lead.contactWays.map((way) => wayLabels[way]).join(', '),
  }
}

export function firstBusinessEmail(record: PageRecord): string {
  return record.dbPrincipal.emails.map((e) => e.email.trim()).find(Boolean) ?? ''
}

/** Where to relay leads, or null when the record names no usable endpoint (the lead is then held). */
export function relayUrlOf(record: PageRecord, siteUrl?: string): string | null {
  // The record allows root-relative URLs (the demo's own files); an email or a worker needs an absolute one.
  const url = absoluteUrl(siteUrl, record.linkPostEmail)
  return /^https?:\/\//i.test(url) ? url : null
}
