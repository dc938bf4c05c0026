/**
 * The one dictionary of the words we add ourselves (aria-labels, dialog buttons, error pages), in
 * the record's language: English here, Spanish in strings-es.ts, both reached through
 * dictionaries.ts; the contact form's words are its own table, app/forms/form-strings.ts.
 * Strings the spec fixes in English ('Contact US', 'Typically replies in minutes', …) are not
 * here: they stay English, marked lang="en".
 */

export type Lang = 'en' | 'es'

/** The record's language: Spanish when its form labels say they are not English (spec: labels.formLabel.isenglish). */
export function langOf(formLabel: { isenglish: boolean }): Lang {
  return formLabel.isenglish ? 'en' : 'es'
}

/** What the dictionaries read of a page record: its language (the record's schema stands above i18n). */
export type RecordLanguage = { labels: { formLabel: { isenglish: boolean } } }

/**
 * Where numbers are written: the language as spoken in the US (the spec's phones are all +1), so a
 * Spanish page writes 1,250 as the spec's count-up statistics beside it do.
 */
export const locales: Record<Lang, string> = { en: 'en-US', es: 'es-US' }

export const formatNumber = (lang: Lang, value: number): string => value.toLocaleString(locales[lang])

export const en = {
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
    mapOpensInNewTab: '(map, opens in a new tab)',
    playVideo: (title: string) => `Play video: ${title}`,
    openImage: (n: number, total: number, name: string) => `Open image ${n} of ${total}: ${name}`,
    slide: 'Slide',
    carousel: 'Carousel',
    /** The lightbox library's template: it fills in {index} and {total}. */
    slideOfTemplate: '{index} of {total}',
    projectPageFor: (name: string) => `for ${name}`,
    colours: 'colours',
  },
  widgets: {
    reviewsTab: 'Reviews',
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
