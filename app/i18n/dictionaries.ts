import { en, langOf, type Lang, type RecordLanguage, type Strings } from './strings.ts'

/**
 * Every dictionary this page can ask for. The server holds both; a browser loads Spanish only on a
 * page that is not English (<html lang> comes from the record), so English pages' first load
 * carries one language. The Spanish module arrives before hydration (top-level await), so
 * `strings.es` is always there wherever the page's language is Spanish.
 */
const needsSpanish = typeof document === 'undefined' || document.documentElement.lang !== 'en'

/** The Spanish module (our words and the page copy), loaded only where a page can be Spanish. */
export const spanish = needsSpanish ? await import('./strings-es.ts') : undefined

export const strings = { en, ...(spanish ? { es: spanish.es } : {}) } as Record<Lang, Strings>

/** The dictionary for a record. */
export const stringsFor = (record: RecordLanguage): Strings => strings[langOf(record.labels.formLabel)]
