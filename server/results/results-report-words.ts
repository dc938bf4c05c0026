import type { PluralForms } from '#app/i18n/plural.ts'
import type { ReportFigure, ResultsReport, TotalName } from './results-report.ts'

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
    campaignKeys: { utm_campaign: 'campaign', utm_source: 'source', utm_medium: 'medium' } as Record<string, string>,
    estimates: 'Estimate requests',
    calls: 'Calls',
    otherTaps: 'Chats, emails, maps',
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
    forms: 'Estimate requests by form',
    form: 'Form',
    requests: 'Requests sent',
    started: 'Started',
    notSent: 'Not sent',
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
    note: 'A visitor counts once a day. No cookies, and no addresses or personal data are kept: only these totals.',
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
    campaignKeys: { utm_campaign: 'campaña', utm_source: 'fuente', utm_medium: 'medio' } as Record<string, string>,
    estimates: 'Solicitudes de presupuesto',
    calls: 'Llamadas',
    otherTaps: 'Chats, correos, mapas',
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
    forms: 'Solicitudes de presupuesto por formulario',
    form: 'Formulario',
    requests: 'Solicitudes enviadas',
    started: 'Empezados',
    notSent: 'No enviados',
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
    note: 'Un visitante cuenta una vez al día. Sin cookies, y no se guardan direcciones ni datos personales: solo estos totales.',
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
