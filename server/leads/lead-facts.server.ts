import { readPhone, type DialableNumber } from '#app/record/phone-numbers.ts'
import type { Lang } from '#app/i18n/strings.ts'
import { leadEmailStrings } from '#app/i18n/lead-email-strings.ts'
import type { LeadArrival, StoredLead } from '../storage/lead-store.server.ts'

/**
 * What the lead email and the webhook both say about a lead beyond what the visitor typed, derived in
 * one place: the visitor's name and phone as dialled (phone-numbers.ts, the site's own rule), the
 * site's public face, and the lead's page in the console.
 */

/** The site as the contractor's inbox and CRM know it, read when a lead is sent. */
export interface LeadSite {
  /** The business name in the site's record ('' when it has none). */
  businessName: string
  /** The site's public origin (SITE_URL / `siteUrl`), or null when it is taken from each request. */
  siteUrl: string | null
}

/** Visitor text as one line: CR, LF and every other control character folded into a space. */
export const oneLine = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced here
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** The lead's page in the console (CONSOLE_URL), or null without a console. */
export function leadConsoleUrl(consoleUrl: string | null | undefined, site: string, leadId: string): string | null {
  if (!consoleUrl) return null
  return new URL(
    `sites/${encodeURIComponent(site)}/leads/${encodeURIComponent(leadId)}`,
    consoleUrl.endsWith('/') ? consoleUrl : `${consoleUrl}/`,
  ).href
}

export interface LeadFacts {
  /** "First Last", on one line. */
  name: string
  /** The phone as dialled, or null when what was typed cannot be dialled. */
  phone: DialableNumber | null
}

export function leadFacts(lead: StoredLead): LeadFacts {
  const { firstName, lastName, phone } = lead.lead
  return { name: oneLine(`${firstName} ${lastName}`), phone: readPhone(phone) }
}

/**
 * Where a lead's visit began, in words: "Google · cpc · campaign “fall-fences”", "typed the address or a
 * bookmark"; null when not known. The lead email and the monthly report's list of leads say it so.
 */
export function arrivalWords(arrival: LeadArrival | null | undefined, lang: Lang): string | null {
  if (!arrival) return null
  const t = leadEmailStrings[lang]
  const source = arrival.source === '(direct)' ? t.direct : oneLine(arrival.source)
  const tags = [arrival.utmSource && arrival.utmSource !== source.toLowerCase() ? arrival.utmSource : null, arrival.medium]
  return [source, ...tags, arrival.campaign ? t.campaign(arrival.campaign) : null]
    .filter((part): part is string => !!part)
    .map(oneLine)
    .join(' · ')
}
