import { useContext } from 'react'
import { spanish } from './dictionaries.ts'
import { enPage, type PageStrings } from './page-strings.ts'
import { langOf, type Lang, type RecordLanguage } from './strings.ts'
import { LangContext } from './use-strings.ts'

const pageStrings = (lang: Lang): PageStrings => (lang === 'en' || !spanish ? enPage : spanish.esPage)

/** The page copy (page-strings.ts) in the page's language. */
export function usePageStrings(): PageStrings {
  return pageStrings(useContext(LangContext))
}

/** The page copy for a record (loaders). */
export const pageStringsFor = (record: RecordLanguage): PageStrings => pageStrings(langOf(record.labels.formLabel))
