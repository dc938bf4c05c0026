import type { Role } from '../storage/console-storage.ts'
import type { ConsoleContext } from './console-context.ts'
import { notFound, readForm, requireSiteAccess } from './authorize.server.ts'
import { SiteChangeError, maskedSecret, withMaskedSecrets } from '../sites/site-registry.server.ts'
import { rotateWebhook, siteWebhooks, testWebhook } from './webhook-actions.server.ts'
import type { TestDeliveryResult } from '../leads/webhook-test.server.ts'

/**
 * A site's Webhooks page (issue 42): its CRM webhooks, each with its secret masked, a test delivery and a rotation;
 * a new secret (a webhook added, a rotation) is shown once, in the answer to that post. Admins and staff; a contractor
 * gets 404, as for a page of the agency's.
 */

/** Who may open the page: the site's layout already checked that the person sees the site. */
async function agencyOnSite(ctx: ConsoleContext, request: Request, siteId: string | undefined) {
  const who = await requireSiteAccess(ctx, request, siteId, 'read')
  if (who.person.role === 'contractor') notFound()
  return who
}

export async function webhooksPage(ctx: ConsoleContext, request: Request, siteId: string | undefined) {
  const { site } = await agencyOnSite(ctx, request, siteId)
  const webhooks = await siteWebhooks(ctx.services, site.id)
  return {
    writable: ctx.services.registry.source === 'storage',
    webhooks: webhooks.map((w) => ({
      url: w.url,
      secret: maskedSecret(w.secret),
      // A rotation's old secret, while it still signs.
      oldUntil: w.oldSecret && Date.parse(w.oldSecret.until) > ctx.now() ? w.oldSecret.until : null,
    })),
  }
}

export type WebhookAnswer = {
  intent: string
  index: number
  error: string | null
  /** A secret made by this post: shown this once. */
  secret?: { url: string; value: string }
  test?: TestDeliveryResult
}

export async function webhooksAction(ctx: ConsoleContext, request: Request, siteId: string | undefined): Promise<WebhookAnswer> {
  const { site, person } = await agencyOnSite(ctx, request, siteId)
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const index = Number(form.get('index') ?? -1)
  const answer = (extra: Partial<WebhookAnswer>): WebhookAnswer => ({ intent, index, error: null, ...extra })
  if (!(await ctx.attempt('webhook', person.id))) return answer({ error: 'Too many webhook actions from here: wait ten minutes.' })
  const action = { siteId: site.id, index, by: person.email, role: person.role as Role }
  try {
    if (intent === 'test') return answer({ test: await testWebhook(ctx.services, action) })
    if (intent === 'rotate') {
      const [made] = (await rotateWebhook(ctx.services, action)).newSecrets
      return answer({ secret: { url: made!.url, value: made!.secret } })
    }
    if (intent === 'add' || intent === 'remove') {
      const { registry } = ctx.services
      const current = (await registry.list()).find((s) => s.id === site.id)
      if (!current) throw new SiteChangeError(409, 'this site comes from SITES_FILE: change the file')
      // Sent back masked, the kept webhooks keep their secrets (the registry restores them).
      const kept = withMaskedSecrets(current.entry).leads?.webhooks ?? []
      const url = String(form.get('url') ?? '').trim()
      const webhooks = intent === 'add' ? [...kept, { url }] : kept.filter((_w, i) => i !== index)
      const changed = await registry.patch(site.id, { leads: { webhooks } }, person.email, person.role)
      const made = changed.newSecrets[0]
      return answer(made ? { index: made.index, secret: { url: made.url, value: made.secret } } : {})
    }
    return answer({ error: 'Unknown action.' })
  } catch (error) {
    if (!(error instanceof SiteChangeError)) throw error
    const fields = error.fields.map((f) => f.message).join('; ')
    return answer({ error: fields ? `${error.message}: ${fields}` : error.message })
  }
}
