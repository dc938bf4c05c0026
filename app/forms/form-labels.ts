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
