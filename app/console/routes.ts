import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** The console's pages (issue 35). Every loader and action asks server/console/authorize.server.ts first. */
export default [
  index('routes/sign-in.tsx'),
  route('invitations/:token', 'routes/invitation.tsx'),
  route('passkeys/registration', 'routes/passkeys.registration.ts'),
  route('passkeys/authentication', 'routes/passkeys.authentication.ts'),
  route('sign-out', 'routes/sign-out.ts'),
  route('sites', 'routes/sites.tsx'),
  route('new-site', 'routes/new-site.tsx'),
  route('new-site/preview', 'routes/new-site-preview.ts'),
  route('sites/:siteId/history', 'routes/site-history.tsx'),
  route('sites/:siteId/leads.csv', 'routes/site-leads-csv.ts'),
  route('sites/:siteId/results/report', 'routes/site-results-report.ts'),
  route('sites/:siteId/record/report', 'routes/site-record-report.ts'),
  layout('routes/site.tsx', [
    route('sites/:siteId', 'routes/site-index.tsx'),
    route('sites/:siteId/leads', 'routes/site-leads.tsx'),
    route('sites/:siteId/leads/:leadId', 'routes/site-lead.tsx'),
    route('sites/:siteId/results', 'routes/site-results.tsx'),
    route('sites/:siteId/record', 'routes/site-record.tsx'),
    route('sites/:siteId/settings', 'routes/site-settings.tsx'),
    route('sites/:siteId/webhooks', 'routes/site-webhooks.tsx'),
  ]),
  route('people', 'routes/people.tsx'),
  route('activity', 'routes/activity.tsx'),
  route('tokens', 'routes/tokens.tsx'),
  route('visitor-data', 'routes/visitor-data.tsx'),
  route('visitor-data/json', 'routes/visitor-data-json.ts'),
  route('account', 'routes/account.tsx'),
  route('*', 'routes/not-found.ts'),
] satisfies RouteConfig
