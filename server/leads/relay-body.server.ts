import type { EstimateLead } from '#app/forms/estimate-form.ts'
import { absoluteUrl } from '#app/record/absolute-url.ts'
import type { PageRecord } from '#app/record/schema.ts'

/** The JSON the provider's existing email relay understands (design.md §5). Field names are theirs. */
export interface RelayBody {
  toEmail: string
  nombre: string
  lastname: string
  email: string
  asunto: string
  phone: string
  address: string
  service: string
  mensaje: string
  img: string
  color: '1'
  waytocontact: string
}

/** The recipient comes from the record, never from the browser: no open relay. */
export function buildRelayBody(lead: EstimateLead, record: PageRecord, siteUrl?: string): RelayBody {
  const labels = record.labels.formLabel
  const subject = labels.isenglish ? 'New Service Request From' : 'Nueva Solicitud De Servicio From'
  const wayLabels = { phone: labels.tcheckphone.trim() || 'Phone', email: labels.tcheckcorreo.trim() || 'Email' }
  return {
    toEmail: firstBusinessEmail(record),
    nombre: lead.firstName,
    lastname: lead.lastName,
    email: lead.email,
    asunto: `${subject} ${lead.firstName} ${lead.lastName}`,
    phone: lead.phone,
    address: lead.address,
    service: lead.service,
    mensaje: lead.message.trim() || 'No Extra Info',
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
