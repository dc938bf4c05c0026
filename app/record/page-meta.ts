import type { PageRecord } from './schema.ts'

export const META_DESCRIPTION_LENGTH = 150
export const FOOTER_ABOUT_LENGTH = 181
export const FOOTER_SERVICES = 6

/** '{page} | {company name}', or just the page when there is no name. */
export function pageTitle(page: string, company = ''): string {
  return company.trim() ? `${page} | ${company.trim()}` : page
}

export function metaDescription(record?: PageRecord): string {
  return (record?.dbAbout[0]?.text ?? '').trim().slice(0, META_DESCRIPTION_LENGTH)
}
