import { locales, type Lang } from './strings.ts'

/** A word's forms by the language's plural category ("one", "other"…); `#` stands for the number. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

/**
 * A count in words, as the language says it: the form its plural rules (Intl.PluralRules) pick for
 * `n`, with `n` written in the language's digits: "1 call", "2 calls", "1 llamada", "2000 caracteres".
 * Never chosen by hand (`n === 1`): languages differ in which numbers are "one". Small on purpose: the
 * contact form's counter carries it to the browser.
 */
export const plural = (lang: Lang, n: number, forms: PluralForms): string =>
  (forms[new Intl.PluralRules(locales[lang]).select(n)] ?? forms.other).replace('#', n.toLocaleString(locales[lang]))
