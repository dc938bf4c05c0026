import { createContext, useContext } from 'react'
import { strings, type Lang, type Strings } from './strings.ts'

/** The page's language, provided once by the root layout (English where none is, e.g. a component test). */
export const LangContext = createContext<Lang>('en')

/** Our own words in the record's language. */
export function useStrings(): Strings {
  return strings[useContext(LangContext)]
}
