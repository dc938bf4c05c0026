import type { PageRecord } from '#app/record/schema.ts'

export type FormLabels = PageRecord['labels']['formLabel']
export type FormText = { [K in Exclude<keyof FormLabels, 'isenglish'>]: string }

const english: FormText = {
  tname: 'First Name',
  tlname: 'Last Name',
  temail: 'Email',
  tphone: 'Phone',
  taddress: 'Address',
  ttypeservice: 'Type of Service',
  tbestway: 'Best way to contact you',
  tcheckphone: 'Phone',
  tcheckcorreo: 'Email',
  tmessage: 'Message',
  tbutton: 'Send Request',
}

const spanish: FormText = {
  tname: 'Nombre',
  tlname: 'Apellido',
  temail: 'Correo electrónico',
  tphone: 'Teléfono',
  taddress: 'Dirección',
  ttypeservice: 'Tipo de servicio',
  tbestway: 'Mejor forma de contactarle',
  tcheckphone: 'Teléfono',
  tcheckcorreo: 'Correo',
  tmessage: 'Mensaje',
  tbutton: 'Enviar',
}

/** The record's form labels, each empty one replaced by a sensible default in the form's language. */
export function formText(labels: FormLabels): FormText {
  const defaults = labels.isenglish ? english : spanish
  const out = { ...defaults }
  for (const key of Object.keys(defaults) as (keyof FormText)[]) out[key] = labels[key].trim() || defaults[key]
  return out
}

/** The few words of the form that do not come from the record. */
export function formChrome(isEnglish: boolean) {
  return isEnglish
    ? { sending: 'Sending…', choose: 'Choose a service', optional: 'optional' }
    : { sending: 'Enviando…', choose: 'Elija un servicio', optional: 'opcional' }
}

/** spec §9: the form offers the first 6 service names (the same rule the server validates against). */
export const FORM_SERVICE_COUNT = 6
export function formServices(services: readonly { name: string }[]): string[] {
  return services
    .map((s) => s.name.trim())
    .filter(Boolean)
    .slice(0, FORM_SERVICE_COUNT)
}
