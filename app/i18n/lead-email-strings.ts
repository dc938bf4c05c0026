import type { Lang } from './strings.ts'

/**
 * The words of the email a lead sends to the contractor's inbox (server/leads/lead-email.server.ts), in
 * the site's language. The contractor reads it, not the visitor: plain words, what to do next.
 */

const en = {
  subject: (service: string, name: string) => (service ? `New estimate request: ${service} — ${name}` : `New estimate request — ${name}`),
  intro: (name: string, company: string) =>
    company ? `${name} asked ${company} for a free estimate on the website.` : `${name} asked for a free estimate on the website.`,
  fields: {
    service: 'Service',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
    contactWays: 'Best way to reach them',
    message: 'Message',
    form: 'Sent from',
    arrival: 'Came from',
    receivedAt: 'Received',
  },
  /** Where the visit began (its source as the results name it), and its campaign tags. */
  direct: 'typed the address or a bookmark',
  campaign: (campaign: string) => `campaign “${campaign}”`,
  ways: { phone: 'Phone', email: 'Email' },
  noWay: 'Not said',
  call: (first: string) => `Call ${first}`,
  openMap: 'Open on a map',
  openLead: 'Open this lead in the console',
  /** The sender's display name: the business, sent by the agency (MAIL_FROM's name). */
  fromName: (business: string, agency: string) => (agency ? `${business} via ${agency}` : business),
  noMessage: '(no message)',
  forms: { home: 'the form on the home page', contact: 'the contact page', modal: 'the estimate window' } as Record<string, string>,
  replyHint: (first: string) => `Reply to this email to answer ${first} directly.`,
  footer: (id: string) => `Lead ${id}. Every lead is also kept in the site's lead list.`,
}

export type LeadEmailStrings = typeof en

const es: LeadEmailStrings = {
  subject: (service, name) =>
    service ? `Nueva solicitud de presupuesto: ${service} — ${name}` : `Nueva solicitud de presupuesto — ${name}`,
  intro: (name, company) =>
    company
      ? `${name} pidió a ${company} un presupuesto gratuito en el sitio web.`
      : `${name} pidió un presupuesto gratuito en el sitio web.`,
  fields: {
    service: 'Servicio',
    name: 'Nombre',
    email: 'Correo',
    phone: 'Teléfono',
    address: 'Dirección',
    contactWays: 'Mejor forma de contactarle',
    message: 'Mensaje',
    form: 'Enviado desde',
    arrival: 'Llegó desde',
    receivedAt: 'Recibido',
  },
  direct: 'escribió la dirección o un marcador',
  campaign: (campaign) => `campaña «${campaign}»`,
  ways: { phone: 'Teléfono', email: 'Correo' },
  noWay: 'No lo dijo',
  call: (first) => `Llamar a ${first}`,
  openMap: 'Ver en un mapa',
  openLead: 'Abrir esta solicitud en la consola',
  fromName: (business, agency) => (agency ? `${business} vía ${agency}` : business),
  noMessage: '(sin mensaje)',
  forms: { home: 'el formulario de la página de inicio', contact: 'la página de contacto', modal: 'la ventana de presupuesto' },
  replyHint: (first) => `Responda a este correo para contestar a ${first} directamente.`,
  footer: (id) => `Solicitud ${id}. Cada solicitud queda también guardada en la lista de solicitudes del sitio.`,
}

export const leadEmailStrings: Record<Lang, LeadEmailStrings> = { en, es }
