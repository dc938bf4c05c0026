import { formStringsFor } from '#app/forms/form-strings.ts'
import type { Site } from '../services.server.ts'

/** The contact form's answers (refusals included) in the language of the site's current record. */
export const formAnswers = (site: Site) => formStringsFor(site.records.current().record.labels.formLabel).answers
