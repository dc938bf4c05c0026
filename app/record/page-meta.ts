import type { PageRecord } from './schema.ts'

export const META_DESCRIPTION_LENGTH = 150
export const FOOTER_ABOUT_LENGTH = 181

/** '{page} | {company name}', or just the page when there is no name. */
export function pageTitle(page: string, record?: PageRecord): string {
  const company = record?.dbPrincipal.name.trim()
  return company ? `${page} | ${company}` : page
}

export function metaDescription(record?: PageRecord): string {
  return (record?.dbAbout[0]?.text ?? '').trim().slice(0, META_DESCRIPTION_LENGTH)
}
