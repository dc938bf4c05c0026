import type { PageRecord } from '#app/record/schema.ts'

/**
 * The one dictionary of the words we add ourselves (aria-labels, dialog buttons, error pages), in
 * the record's language; the contact form's words are its own table, app/forms/form-strings.ts.
 * Strings the spec fixes in English ('Contact US', 'Typically replies in minutes', …) are not
 * here: they stay English, marked lang="en".
 */

export type Lang = 'en' | 'es'

/** The record's language: Spanish when its form labels say they are not English (spec: labels.formLabel.isenglish). */
export function langOf(formLabel: { isenglish: boolean }): Lang {
  return formLabel.isenglish ? 'en' : 'es'
}

const en = {
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
    before: 'Before',
    after: 'After',
    comparison: (label: string) => `${label}: before and after comparison`,
    comparisonValue: (before: number) => `${before}% before, ${100 - before}% after`,
    companyLogo: 'Company logo',
    statistics: 'Company statistics',
    mapOf: (address: string) => (address ? `Map of ${address}` : 'Map of our location'),
    serviceDetails: 'Service details',
    services: 'Services',
    play: 'Play',
    directories: 'Directories',
    socialProfiles: 'Social profiles',
    howToReach: 'How to reach us',
    promoVideo: (company: string) => (company ? `${company} promotional video` : 'Promotional video'),
    paymentMethods: 'Accepted payment methods',
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
    before: 'Antes',
    after: 'Después',
    comparison: (label: string) => `${label}: comparación de antes y después`,
    comparisonValue: (before: number) => `${before}% antes, ${100 - before}% después`,
    companyLogo: 'Logotipo de la empresa',
    statistics: 'Cifras de la empresa',
    mapOf: (address: string) => (address ? `Mapa de ${address}` : 'Mapa de nuestra ubicación'),
    serviceDetails: 'Detalles del servicio',
    services: 'Servicios',
    play: 'Reproducir',
    directories: 'Directorios',
    socialProfiles: 'Perfiles sociales',
    howToReach: 'Cómo contactarnos',
    promoVideo: (company: string) => (company ? `Video promocional de ${company}` : 'Video promocional'),
    paymentMethods: 'Métodos de pago aceptados',
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
