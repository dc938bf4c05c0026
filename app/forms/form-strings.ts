import type { PluralForms } from '#app/i18n/plural.ts'
import { langOf, type Lang } from '#app/i18n/strings.ts'

/**
 * Everything the contact form says, in both of the record's languages: the defaults for the
 * record's empty labels, the form's own words, the field messages, the answers to a post and the
 * relay email's fixed words. The rest of the site's words are in app/i18n/strings.ts.
 */

const en = {
  /** Defaults for the record's empty form labels (labels.formLabel). */
  labels: {
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
  },
  /** Beside the form wherever it appears (contact page, home, estimate modal). */
  invitation: 'Tell us about your project and we will get back to you with a free, no-obligation estimate.',
  sending: 'Sending…',
  choose: 'Choose a service',
  optional: 'optional',
  honeypot: 'Leave this field empty',
  /** Under the message box: what is left of the server's limit (live once the page's code runs). */
  charactersLeft: { one: '# character left', other: '# characters left' } as PluralForms,
  /** One message per field, the first problem found. */
  validation: {
    firstName: 'Please enter your first name.',
    lastName: 'Please enter your last name.',
    email: 'Please enter a valid email address.',
    phoneShort: (min: number) => `Please enter a phone number with at least ${min} digits.`,
    phoneLong: (max: number) => `Please enter a phone number with at most ${max} digits.`,
    address: 'Please enter your address.',
    service: 'Please choose a service from the list.',
    contactWays: 'Please choose phone or email.',
    tooLong: (max: number) => `Please use at most ${max} characters.`,
  },
  /** What POST /contact answers. */
  answers: {
    sent: 'Thank you! Your request was sent. We will contact you shortly.',
    invalid: 'Please correct the highlighted fields.',
    tooMany: 'Too many requests from your connection. Please wait a few minutes and try again, or call us.',
    unavailable:
      'Sorry, we could not save your request just now. Your details are still in the form: please try again in a minute, or call us.',
    crossOrigin: 'This form can only be sent from this website. Please open the page again and send it from there.',
    tooLarge: 'The form is too large to send. Please shorten your message and try again.',
    unreadable: 'This form could not be read. Please open the page again and send it from there.',
  },
  /** The provider's email relay (docs/product.md, "The lead relay") fixes these words; only the subject has a Spanish form. */
  relay: {
    subject: 'New Service Request From',
    noMessage: 'No Extra Info',
  },
}

export type FormStrings = typeof en

const es: FormStrings = {
  labels: {
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
  },
  invitation: 'Cuéntenos sobre su proyecto y le responderemos con un presupuesto gratuito y sin compromiso.',
  sending: 'Enviando…',
  choose: 'Elija un servicio',
  optional: 'opcional',
  honeypot: 'Deje este campo vacío',
  charactersLeft: { one: 'Queda # carácter', other: 'Quedan # caracteres' },
  validation: {
    firstName: 'Ingrese su nombre.',
    lastName: 'Ingrese su apellido.',
    email: 'Ingrese un correo electrónico válido.',
    phoneShort: (min: number) => `Ingrese un teléfono de al menos ${min} dígitos.`,
    phoneLong: (max: number) => `El teléfono no puede tener más de ${max} dígitos.`,
    address: 'Ingrese su dirección.',
    service: 'Elija un servicio de la lista.',
    contactWays: 'Elija teléfono o correo.',
    tooLong: (max: number) => `Use como máximo ${max} caracteres.`,
  },
  answers: {
    sent: '¡Gracias! Su solicitud fue enviada. Nos pondremos en contacto pronto.',
    invalid: 'Por favor corrija los campos marcados.',
    tooMany: 'Demasiadas solicitudes desde su conexión. Espere unos minutos e intente de nuevo, o llámenos.',
    unavailable:
      'No pudimos guardar su solicitud en este momento. Sus datos siguen en el formulario: intente de nuevo en un minuto, o llámenos.',
    crossOrigin: 'Este formulario solo se puede enviar desde este sitio web. Abra la página de nuevo y envíelo desde allí.',
    tooLarge: 'El formulario es demasiado grande para enviarlo. Acorte su mensaje e intente de nuevo.',
    unreadable: 'No se pudo leer este formulario. Abra la página de nuevo y envíelo desde allí.',
  },
  relay: {
    subject: 'Nueva Solicitud De Servicio From',
    noMessage: 'No Extra Info',
  },
}

export const formStrings: Record<Lang, FormStrings> = { en, es }

/** The form's words in the record's language (labels.formLabel.isenglish). */
export const formStringsFor = (formLabel: { isenglish: boolean }): FormStrings => formStrings[langOf(formLabel)]
