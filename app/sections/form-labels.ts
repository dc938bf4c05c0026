import { langOf, strings } from '#app/i18n/strings.ts'
import type { PageRecord } from '#app/record/schema.ts'

export type FormLabels = PageRecord['labels']['formLabel']
export type FormText = { [K in Exclude<keyof FormLabels, 'isenglish'>]: string }

/** The record's form labels, each empty one replaced by a sensible default in the form's language. */
export function formText(labels: FormLabels): FormText {
  const defaults = strings[langOf(labels)].formLabels
  const out = { ...defaults }
  for (const key of Object.keys(defaults) as (keyof FormText)[]) out[key] = labels[key].trim() || defaults[key]
  return out
}

/** spec §9: the form offers the first 6 service names (the same rule the server validates against). */
export const FORM_SERVICE_COUNT = 6
export function formServices(services: readonly { name: string }[]): string[] {
  return services
    .map((s) => s.name.trim())
    .filter(Boolean)
    .slice(0, FORM_SERVICE_COUNT)
}
