/**
 * The fields of a site the console's forms show (issue 42), each named by its path in a SITES_FILE entry, for the
 * server's form handling and the pages alike. Webhooks have their own page.
 */
export const SITE_FIELDS = ['pageId', 'hosts', 'siteUrl', 'pageApiUrl', 'timeZone', 'leads.email', 'reports.email'] as const
export type SiteField = (typeof SITE_FIELDS)[number]
