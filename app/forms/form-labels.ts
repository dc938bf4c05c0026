import type { PageRecord } from '#app/record/schema.ts'
import { formStringsFor } from './form-strings.ts'

export type FormLabels = PageRecord['labels']['formLabel']
export type FormText = { [K in Exclude<keyof FormLabels, 'isenglish'>]: string }

/** The record's form labels, each empty one replaced by a sensible default in the form's language. */
export function formText(labels: FormLabels): FormText {
  const defaults = formStringsFor(labels).labels
  const out = { ...defaults }
  for (const key of Object.keys(defaults) as (keyof FormText)[]) out[key] = labels[key].trim() || defaults[key]
  return out
}

/**
 * spec §9: the form offers the first 6 named services. The one rule: the select renders exactly
 * these, and the action accepts exactly these (estimate-form.ts validates against this list).
 */
export const FORM_SERVICE_COUNT = 6
export function formServices(services: readonly { name: string }[]): string[] {
  return services
    .map((s) => s.name.trim())
    .filter(Boolean)
    .slice(0, FORM_SERVICE_COUNT)
}
