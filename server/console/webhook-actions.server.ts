import type { Role } from '../storage/console-storage.ts'
import type { TestDeliveryResult } from '../leads/webhook-test.server.ts'
import type { AppServices } from '../services.server.ts'
import type { WebhookDestination } from '../sites/site-config.server.ts'
import { SiteChangeError } from '../sites/site-registry.server.ts'

/**
 * What the console's Webhooks page and the API do to one webhook of a site, said once: send a test delivery, rotate
 * its secret. Admins and staff (who change a site's destinations); a contractor gets 403, as for changing them.
 */

export const WEBHOOKS_ROLE_WORDS = 'webhooks are the agency’s: admins and staff add, test and rotate them'

const agencyOnly = (role: Role) => {
  if (role === 'contractor') throw new SiteChangeError(403, WEBHOOKS_ROLE_WORDS)
}

/** A site's webhooks with their secrets: as stored (the newest, even before this origin applied it), else as served. */
export async function siteWebhooks(services: AppServices, siteId: string): Promise<WebhookDestination[]> {
  const stored = services.registry.source === 'storage' ? (await services.registry.list()).find((s) => s.id === siteId) : undefined
  if (stored) return stored.entry.leads?.webhooks ?? []
  return services.sites().find((s) => s.id === siteId)?.config.leads.webhooks ?? []
}

/** Posts a signed sample lead to webhook number `index` and says what its receiver answered; kept in Activity without the secret. */
export async function testWebhook(
  services: AppServices,
  { siteId, index, by, role }: { siteId: string; index: number; by: string; role: Role },
): Promise<TestDeliveryResult & { url: string }> {
  agencyOnly(role)
  const hook = (await siteWebhooks(services, siteId))[index]
  if (!hook) throw new SiteChangeError(404, `site "${siteId}" has no webhook ${index}`)
  const result = await services.sendTestDelivery(siteId, hook)
  const outcome = result.sent ? `HTTP ${result.status}` : result.error
  await services.storage.console.record({
    at: Date.now(),
    email: by,
    action: 'tested-webhook',
    site: siteId,
    detail: `${hook.url}: ${outcome}`,
  })
  return { url: hook.url, ...result }
}

/** A new secret for webhook number `index`, answered once; the old one signs beside it for 24 hours. */
export async function rotateWebhook(
  services: AppServices,
  { siteId, index, by, role }: { siteId: string; index: number; by: string; role: Role },
) {
  agencyOnly(role)
  return services.registry.rotate(siteId, index, by, role)
}
