import type { PageRecord } from '#app/record/schema.ts'

/**
 * The one dictionary of the words we add ourselves (form defaults and messages, aria-labels,
 * dialog buttons, error pages), in the record's language. Strings the spec fixes in English
 * ('Contact US', 'Typically replies in minutes', …) are not here: they stay English, marked lang="en".
 */

export type Lang = 'en' | 'es'

/** The record's language: Spanish when its form labels say they are not English (spec: labels.formLabel.isenglish). */
export function langOf(formLabel: { isenglish: boolean }): Lang {
  return formLabel.isenglish ? 'en' : 'es'
}

const en = {
  /** Defaults for the record's empty form labels. */
  formLabels: {
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
  form: { sending: 'Sending…', choose: 'Choose a service', optional: 'optional', honeypot: 'Leave this field empty' },
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
  contact: {
    sent: 'Thank you! Your request was sent. We will contact you shortly.',
    invalid: 'Please correct the highlighted fields.',
    tooMany: 'Too many requests from your connection. Please wait a few minutes and try again, or call us.',
    forged: 'Your session expired. Please reload the page and send the form again.',
  },
  a11y: {
    skipToContent: 'Skip to content',
    close: 'Close',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    submenu: (label: string) => `${label} submenu`,
    mainNav: 'Main',
    mobileNav: 'Mobile',
    footerNav: 'Footer',
    backToTop: 'Back to top',
    loading: 'Loading…',
    quickActions: 'Quick actions',
    quickActionsMenu: 'Quick actions menu',
    chat: 'Chat with us',
    call: 'Call us now',
    visits: 'Visits counter',
    weather: 'Weather',
    reviews: 'Customer reviews',
    palette: 'Colour palette',
    closeChat: 'Close chat',
    closeCall: 'Close call us now',
    closeVisits: 'Close visits counter',
    closeWeather: 'Close weather',
    closeEstimate: 'Close estimate request',
    closeVideo: 'Close video',
    closePalette: 'Close colour palette',
    previousPhoto: 'Previous photo',
    nextPhoto: 'Next photo',
    closePhotos: 'Close photo viewer',
    photosOf: (name: string) => `${name} photos`,
    photoOf: (name: string, n: number, total: number) => `${name}, photo ${n} of ${total}`,
    opensInNewTab: '(opens in a new tab)',
    socialProfile: 'Social profile',
    typing: (who: string) => `${who} is typing`,
    ourTeam: 'Our team',
    typeMessage: 'Type a message…',
    send: 'Send',
  },
  errors: {
    notFound: 'Page not found',
    notFoundText: 'We could not find that page. It may have moved, or the link may be mistyped.',
    failed: 'Something went wrong',
    failedText: 'Please try again in a moment.',
    goHome: 'Go to the home page',
    home: 'Home',
    ourServices: 'Our services',
  },
}

export type Strings = typeof en

const es: Strings = {
  formLabels: {
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
  form: { sending: 'Enviando…', choose: 'Elija un servicio', optional: 'opcional', honeypot: 'Deje este campo vacío' },
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
  contact: {
    sent: '¡Gracias! Su solicitud fue enviada. Nos pondremos en contacto pronto.',
    invalid: 'Por favor corrija los campos marcados.',
    tooMany: 'Demasiadas solicitudes desde su conexión. Espere unos minutos e intente de nuevo, o llámenos.',
    forged: 'Su sesión expiró. Recargue la página y envíe el formulario de nuevo.',
  },
  a11y: {
    skipToContent: 'Saltar al contenido',
    close: 'Cerrar',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    submenu: (label: string) => `Submenú de ${label}`,
    mainNav: 'Principal',
    mobileNav: 'Móvil',
    footerNav: 'Pie de página',
    backToTop: 'Volver arriba',
    loading: 'Cargando…',
    quickActions: 'Acciones rápidas',
    quickActionsMenu: 'Menú de acciones rápidas',
    chat: 'Chatee con nosotros',
    call: 'Llámenos ahora',
    visits: 'Contador de visitas',
    weather: 'El tiempo',
    reviews: 'Opiniones de clientes',
    palette: 'Paleta de colores',
    closeChat: 'Cerrar el chat',
    closeCall: 'Cerrar llámenos ahora',
    closeVisits: 'Cerrar el contador de visitas',
    closeWeather: 'Cerrar el tiempo',
    closeEstimate: 'Cerrar la solicitud de presupuesto',
    closeVideo: 'Cerrar el video',
    closePalette: 'Cerrar la paleta de colores',
    previousPhoto: 'Foto anterior',
    nextPhoto: 'Foto siguiente',
    closePhotos: 'Cerrar el visor de fotos',
    photosOf: (name: string) => `Fotos de ${name}`,
    photoOf: (name: string, n: number, total: number) => `${name}, foto ${n} de ${total}`,
    opensInNewTab: '(se abre en una pestaña nueva)',
    socialProfile: 'Perfil social',
    typing: (who: string) => `${who} está escribiendo`,
    ourTeam: 'Nuestro equipo',
    typeMessage: 'Escriba un mensaje…',
    send: 'Enviar',
  },
  errors: {
    notFound: 'Página no encontrada',
    notFoundText: 'No encontramos esa página. Puede que se haya movido o que el enlace esté mal escrito.',
    failed: 'Algo salió mal',
    failedText: 'Inténtelo de nuevo en un momento.',
    goHome: 'Ir a la página de inicio',
    home: 'Inicio',
    ourServices: 'Nuestros servicios',
  },
}

export const strings: Record<Lang, Strings> = { en, es }

/** The dictionary for a record. */
export const stringsFor = (record: PageRecord): Strings => strings[langOf(record.labels.formLabel)]
