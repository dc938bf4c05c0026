import { useContext } from 'react'
import type { PageRecord } from '#app/record/schema.ts'
import { spanish } from './dictionaries.ts'
import { enPage, type PageStrings } from './page-strings.ts'
import { langOf, type Lang } from './strings.ts'
import { LangContext } from './use-strings.ts'

const pageStrings = (lang: Lang): PageStrings => (lang === 'en' || !spanish ? enPage : spanish.esPage)

/** The page copy (page-strings.ts) in the page's language. */
export function usePageStrings(): PageStrings {
  return pageStrings(useContext(LangContext))
}

/** The page copy for a record (loaders). */
export const pageStringsFor = (record: PageRecord): PageStrings => pageStrings(langOf(record.labels.formLabel))
