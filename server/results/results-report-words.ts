import { plural, type PluralForms } from '#app/i18n/plural.ts'
import { lastYearOf, type ReportFigure, type ResultsReport, type TotalName, type WorkRow } from './results-report.ts'

/**
 * The words of the month's report for the contractor, in the site's language: the HTML page (the
 * 1st's email, the share link, `--html`) and the email's plain-text part say the same things.
 */

export type ReportLang = 'en' | 'es'

export const WORDS = {
  en: {
    title: (month: string) => `What your website brought in: ${month}`,
    lead: (name: string) => `${name}: visits to your website and what visitors did to reach you.`,
    soFar: (from: string, to: string) => `So far this month: ${from} to ${to}.`,
    vs: (previous: string) => `Compared with ${previous}.`,
    /** The subject of a month in progress. */
    subjectSoFar: 'so far',
    /** The email's button to the share page. */
    seeAll: 'See the whole report',
    totals: {
      visitors: 'Visitors',
      views: 'Pages viewed',
      phone: 'Taps on your phone number',
      chat: 'Chats opened',
      email: 'Taps on your email',
      map: 'Map and directions opened',
      social: 'Social profiles opened',
      estimates: 'Estimate requests',
      formsStarted: 'Forms started',
      formsNotSent: 'Forms started, not sent',
    } satisfies Record<TotalName, string>,
    onPhone: (n: number) => `${n} on a phone`,
    before: (n: number) => `${n} before`,
    /** The same month a year before, beside this one's figure: its count, or "no data" (never a made-up 0). */
    lastYear: (month: string, n: number | null) => `${month}: ${n === null ? 'no data' : n}`,
    trend: { better: 'better', worse: 'worse', same: 'no change' },
    perDay: 'Day by day',
    legendVisitors: 'Visitors',
    legendActions: 'Calls, chats, emails, maps and profiles',
    legendEstimates: 'Estimate requests',
    pages: 'Most viewed pages',
    page: 'Page',
    views: 'Views',
    visitors: 'Visitors',
    actions: 'Calls, chats and other taps',
    sources: 'Where visitors came from, and the work they brought',
    source: 'Came from',
    campaigns: 'Campaigns (links with utm_ tags), and the work they brought',
    campaign: 'Campaign',
    tagSource: 'Source',
    tagMedium: 'Medium',
    /** A tag the campaign's link did not have. */
    noTag: '—',
    brought: 'What they brought',
    nothing: 'Nothing yet',
    /** A row's figures in words, each counted by the language's plural rules (app/i18n/plural.ts). */
    counted: {
      visitors: { one: '# visitor', other: '# visitors' },
      estimates: { one: '# estimate request', other: '# estimate requests' },
      phone: { one: '# call', other: '# calls' },
      chat: { one: '# chat', other: '# chats' },
      email: { one: '# email', other: '# emails' },
      map: { one: '# map opened', other: '# maps opened' },
    } as Record<'visitors' | 'estimates' | 'phone' | 'chat' | 'email' | 'map', PluralForms>,
    workNote:
      "Estimate requests, calls, chats, emails and maps are counted under where that visitor's day began: the site or campaign of their first visit that day.",
    leads: 'Estimate requests this month',
    leadName: 'Name',
    leadService: 'Service',
    leadSource: 'Came from',
    notKnown: 'Not known',
    noLeads: 'No estimate requests this month.',
    moreLeads: { one: 'and # more in the console', other: 'and # more in the console' } as PluralForms,
    moreLeadsNoLink: { one: 'and # more', other: 'and # more' } as PluralForms,
    pageNames: {
      '/': 'Home page',
      '/about': 'About',
      '/services': 'Services',
      '/gallery': 'Gallery',
      '/contact': 'Contact',
      '/find-us-on': 'Find us on',
      '/reviews': 'Reviews',
      '/our-videos': 'Videos',
    } as Record<string, string>,
    forms: 'Estimate requests by form',
    form: 'Form',
    requests: 'Requests sent',
    started: 'Started',
    notSent: 'Not sent',
    startedNote:
      'A form counts as started at its first keystroke, or when it is sent without one (filled in by the browser): every request sent was started.',
    formNames: { home: 'Home page', contact: 'Contact page', modal: 'Estimate window (any page)', '(other)': 'Other' } as Record<
      string,
      string
    >,
    labels: {
      '(direct)': 'Typed the address or a bookmark',
      '(other)': 'Others',
      '(not found)': 'Addresses that do not exist',
      '(none)': 'No campaign tag',
      '(unknown)': 'Not known (no visit counted that day)',
    } as Record<string, string>,
    none: 'Nothing this month.',
    note: 'A visitor counts once a day. No cookies, and no addresses or personal data are kept for these figures: only totals. The requests listed are the ones visitors sent you.',
    earlier: 'Earlier month',
    later: 'Later month',
  },
  es: {
    title: (month: string) => `Lo que su sitio web le trajo: ${month}`,
    lead: (name: string) => `${name}: visitas a su sitio web y lo que hicieron los visitantes para contactarle.`,
    soFar: (from: string, to: string) => `Este mes hasta ahora: del ${from} al ${to}.`,
    vs: (previous: string) => `Comparado con ${previous}.`,
    subjectSoFar: 'hasta ahora',
    seeAll: 'Ver el informe completo',
    totals: {
      visitors: 'Visitantes',
      views: 'Páginas vistas',
      phone: 'Toques en su teléfono',
      chat: 'Chats abiertos',
      email: 'Toques en su correo',
      map: 'Mapa y direcciones abiertos',
      social: 'Perfiles sociales abiertos',
      estimates: 'Solicitudes de presupuesto',
      formsStarted: 'Formularios empezados',
      formsNotSent: 'Formularios empezados, no enviados',
    } satisfies Record<TotalName, string>,
    onPhone: (n: number) => `${n} desde un teléfono`,
    before: (n: number) => `${n} antes`,
    lastYear: (month: string, n: number | null) => `${month}: ${n === null ? 'sin datos' : n}`,
    trend: { better: 'mejor', worse: 'peor', same: 'sin cambio' },
    perDay: 'Día a día',
    legendVisitors: 'Visitantes',
    legendActions: 'Llamadas, chats, correos, mapas y perfiles',
    legendEstimates: 'Solicitudes de presupuesto',
    pages: 'Páginas más vistas',
    page: 'Página',
    views: 'Vistas',
    visitors: 'Visitantes',
    actions: 'Llamadas, chats y otros toques',
    sources: 'De dónde llegaron los visitantes, y el trabajo que trajeron',
    source: 'Llegaron desde',
    campaigns: 'Campañas (enlaces con etiquetas utm_), y el trabajo que trajeron',
    campaign: 'Campaña',
    tagSource: 'Fuente',
    tagMedium: 'Medio',
    noTag: '—',
    brought: 'Lo que trajeron',
    nothing: 'Nada aún',
    counted: {
      visitors: { one: '# visitante', other: '# visitantes' },
      estimates: { one: '# solicitud de presupuesto', other: '# solicitudes de presupuesto' },
      phone: { one: '# llamada', other: '# llamadas' },
      chat: { one: '# chat', other: '# chats' },
      email: { one: '# correo', other: '# correos' },
      map: { one: '# mapa abierto', other: '# mapas abiertos' },
    },
    workNote:
      'Las solicitudes, llamadas, chats, correos y mapas se cuentan según dónde empezó el día de ese visitante: el sitio o la campaña de su primera visita ese día.',
    leads: 'Solicitudes de presupuesto de este mes',
    leadName: 'Nombre',
    leadService: 'Servicio',
    leadSource: 'Llegó desde',
    notKnown: 'No se sabe',
    noLeads: 'Ninguna solicitud este mes.',
    moreLeads: { one: 'y # más en la consola', other: 'y # más en la consola' },
    moreLeadsNoLink: { one: 'y # más', other: 'y # más' },
    pageNames: {
      '/': 'Página de inicio',
      '/about': 'Quiénes somos',
      '/services': 'Servicios',
      '/gallery': 'Galería',
      '/contact': 'Contacto',
      '/find-us-on': 'Encuéntrenos en',
      '/reviews': 'Reseñas',
      '/our-videos': 'Videos',
    } as Record<string, string>,
    forms: 'Solicitudes de presupuesto por formulario',
    form: 'Formulario',
    requests: 'Solicitudes enviadas',
    started: 'Empezados',
    notSent: 'No enviados',
    startedNote:
      'Un formulario cuenta como empezado con su primera tecla, o al enviarse sin ninguna (rellenado por el navegador): toda solicitud enviada se empezó.',
    formNames: {
      home: 'Página de inicio',
      contact: 'Página de contacto',
      modal: 'Ventana de presupuesto (cualquier página)',
      '(other)': 'Otro',
    } as Record<string, string>,
    labels: {
      '(direct)': 'Escribieron la dirección o un marcador',
      '(other)': 'Otros',
      '(not found)': 'Direcciones que no existen',
      '(none)': 'Sin etiqueta de campaña',
      '(unknown)': 'No se sabe (ninguna visita contada ese día)',
    } as Record<string, string>,
    none: 'Nada este mes.',
    note: 'Un visitante cuenta una vez al día. Sin cookies, y no se guardan direcciones ni datos personales para estas cifras: solo totales. Las solicitudes listadas son las que los visitantes le enviaron.',
    earlier: 'Mes anterior',
    later: 'Mes siguiente',
  },
}
export type Words = (typeof WORDS)[ReportLang]

const locale = (lang: ReportLang) => (lang === 'es' ? 'es-US' : 'en-US')

/** "November 2026" / "noviembre de 2026". */
export function monthName(month: string, lang: ReportLang): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return new Intl.DateTimeFormat(locale(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, 15))
}

/** "November 27" / "27 de noviembre". */
export function dayName(day: string, lang: ReportLang): string {
  const [year, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(locale(lang), { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, d))
}

/** The report's title, its lead and what it is compared with: a month in progress says "so far" and compares the same days. */
export function reportHeading(report: ResultsReport, lang: ReportLang, businessName: string) {
  const w = WORDS[lang]
  const first = (day: string) => `${day.slice(0, 7)}-01`
  return {
    title: w.title(monthName(report.month, lang)),
    lead: w.lead(businessName),
    soFar: report.through ? w.soFar(dayName(first(report.through), lang), dayName(report.through, lang)) : null,
    vs: w.vs(
      report.through
        ? `${dayName(first(report.previousThrough), lang)} – ${dayName(report.previousThrough, lang)}`
        : monthName(report.previousMonth, lang),
    ),
  }
}

/** A total's change in words: "▲ 12%" (no percent when there was none before) and whether it is better or worse. */
export function changeText(figure: ReportFigure, lang: ReportLang): { arrow: string; amount: string; verdict: string } {
  const w = WORDS[lang]
  if (figure.trend === 'same') return { arrow: '=', amount: '', verdict: w.trend.same }
  const arrow = figure.month > figure.previous ? '▲' : '▼'
  const amount = figure.change === null ? '' : `${Math.abs(figure.change)}%`
  return { arrow, amount, verdict: w.trend[figure.trend] }
}

/** A label as the contractor reads it: our own names in words, the rest as counted. */
export const labelText = (name: string, lang: ReportLang) => WORDS[lang].labels[name] ?? name

/** The same month a year before, beside a total: "November 2025: 80", or "no data" when nothing was counted then. */
export function lastYearText(report: ResultsReport, name: TotalName, lang: ReportLang): string {
  return WORDS[lang].lastYear(monthName(lastYearOf(report.month), lang), report.lastYear ? report.lastYear.totals[name] : null)
}

const WORK = ['estimates', 'phone', 'chat', 'email', 'map'] as const
/** What a source or campaign brought, each figure its own in words that count right; only those it brought. */
export const workWords = (row: WorkRow, lang: ReportLang) =>
  WORK.filter((k) => row[k] > 0).map((k) => plural(lang, row[k], WORDS[lang].counted[k]))

/** A page as the contractor knows it: its title from the record (a service's or landing's name), a fixed page's name, else its path. */
export const pageTitle = (path: string, lang: ReportLang, titles: Readonly<Record<string, string>>) =>
  titles[path] ?? WORDS[lang].pageNames[path] ?? labelText(path, lang)
