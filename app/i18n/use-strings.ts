import { createContext, useContext } from 'react'
import { strings } from './dictionaries.ts'
import { formatNumber, type Lang, type Strings } from './strings.ts'

/** The page's language, provided once by the root layout (English where none is, e.g. a component test). */
export const LangContext = createContext<Lang>('en')

/** Our own words in the record's language. */
export function useStrings(): Strings {
  return strings[useContext(LangContext)]
}

/** A number written as the page's language writes it. */
export function useFormatNumber(): (value: number) => string {
  const lang = useContext(LangContext)
  return (value) => formatNumber(lang, value)
}

/**
 * The lang attribute for words the spec fixes in English ('Contact US', nav names…): "en" inside a
 * page in another language, nothing on an English page (where <html lang> already says it).
 */
export function useFixedEnglish(): 'en' | undefined {
  return useContext(LangContext) === 'en' ? undefined : 'en'
}
