import { servicePath } from './navigation.ts'
import type { Service } from './schema.ts'
import { canonicalSlug } from './slug.ts'

/** Spec §9 limits on how many services each list shows. */
export const HOME_INTRO_SERVICES = 6
export const SERVICE_CARDS = 8
export const SERVICE_SIDE_LINKS = 13

export type ServiceLink = { name: string; to: string }

/** Services that can be linked to (a name that makes a slug), in record order. */
export function linkableServices(services: readonly Service[]): Service[] {
  return services.filter((s) => canonicalSlug(s.name) !== '')
}

const toLink = (s: Service): ServiceLink => ({ name: s.name, to: servicePath(s.name) })

/** The home intro's names: the first six services. */
export const introServices = (services: readonly Service[]) => linkableServices(services).slice(0, HOME_INTRO_SERVICES).map(toLink)

/** The home page cards: the first eight services. */
export const cardServices = (services: readonly Service[]) => linkableServices(services).slice(0, SERVICE_CARDS)

/** The service detail's side list: at most thirteen links. */
export const sideServiceLinks = (services: readonly Service[]) => linkableServices(services).slice(0, SERVICE_SIDE_LINKS).map(toLink)

/** A service's picture: the first description entry that has one. */
export const serviceImage = (service: Service) => service.description.find((d) => d.img)?.img ?? ''

/** A service's lead text: its first non-empty description text. */
export const serviceSummary = (service: Service) => service.description.find((d) => d.text.trim())?.text.trim() ?? ''

/**
 * spec §9: the form offers the first 6 named services. The one rule: the select renders exactly
 * these, and the action accepts exactly these (app/forms/estimate-form.ts validates against this list).
 */
export const FORM_SERVICE_COUNT = 6
export function formServices(services: readonly { name: string }[]): string[] {
  return services
    .map((s) => s.name.trim())
    .filter(Boolean)
    .slice(0, FORM_SERVICE_COUNT)
}
