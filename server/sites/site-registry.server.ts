import type { ActivityAction, ConsoleStorage, Role } from '../storage/console-storage.ts'
import type { Env } from '../config/env.server.ts'
import type { SiteStorage, SiteVersion, SiteWrite, StoredSite } from '../storage/storage-contract.server.ts'
import { mergePatch } from './merge-patch.ts'
import { generateWebhookSecret, NO_KEY, OLD_SECRET_MS } from '../storage/webhook-secrets.server.ts'
import { refusalWords, refusedField } from './site-permissions.server.ts'
import {
  checkSites,
  hostName,
  loadSiteConfigs,
  parseSiteConfigs,
  singleSite,
  siteDefaults,
  type SiteConfig,
  type SiteEntry,
  type SiteIssue,
  type WebhookDestination,
} from './site-config.server.ts'

/**
 * Where the sites come from, said once (docs/decisions/150-sites-in-storage.md): SITES_FILE when it is set (read-only
 * here: change the file); else the registry in storage; while it has never held a site, the single site of PAGE_ID.
 * Once a site was stored, removing the last one leaves no site at all: PAGE_ID's site answers every host name, so
 * coming back would serve the demo on the removed site's hosts.
 */
export type SitesSource = 'file' | 'storage'
export const sitesSource = (env: Pick<Env, 'SITES_FILE'>): SitesSource => (env.SITES_FILE ? 'file' : 'storage')

/**
 * The sites to serve now, from their source, and whether they are the registry's (then a change of some of them is
 * read alone: `changedSiteConfigs`). Stored entries were checked when written; they are checked again (SMTP_URL may
 * have gone). `deliveries: false`: the lead and report destinations are not checked for use (a command that only
 * reads figures).
 */
export async function sitesToServe(
  env: Env,
  sites: SiteStorage,
  { deliveries = true } = {},
): Promise<{ configs: SiteConfig[]; registry: boolean }> {
  if (env.SITES_FILE) return { configs: loadSiteConfigs(env, { deliveries }), registry: false }
  const stored = await sites.all()
  if (!stored.length) return (await sites.everHeld()) ? { configs: [], registry: true } : { configs: [singleSite(env)], registry: false }
  return { configs: storedConfigs(stored, siteDefaults(env, { deliveries })), registry: true }
}

export const currentSiteConfigs = async (env: Env, sites: SiteStorage, options?: { deliveries?: boolean }) =>
  (await sitesToServe(env, sites, options)).configs

const storedConfigs = (stored: StoredSite[], defaults: ReturnType<typeof siteDefaults>) =>
  stored.length
    ? parseSiteConfigs(
        stored.map((s) => s.entry),
        'the sites in storage',
        defaults,
      )
    : []

/**
 * The registry's sites served now (`current`) after a change of the sites `ids`: those read again (a removed one
 * left out, a new one added), every other kept as it is. A change costs one site's read, not the registry's, on
 * every origin: 2 000 sites added one by one are 2 000 reads, not 2 000 × 2 000.
 */
export async function changedSiteConfigs(env: Env, sites: SiteStorage, current: SiteConfig[], ids: string[]): Promise<SiteConfig[]> {
  const changed = new Map(storedConfigs(await sites.some(ids), siteDefaults(env)).map((config) => [config.id, config]))
  const named = new Set(ids)
  const kept = current.flatMap((config) => {
    const now = changed.get(config.id)
    changed.delete(config.id)
    return now ? [now] : named.has(config.id) ? [] : [config]
  })
  return [...kept, ...changed.values()]
}

/** Where the sites come from, in words for a command's "no site" message. */
export const sitesSourceWords = (env: Pick<Env, 'SITES_FILE' | 'PAGE_ID'>) =>
  env.SITES_FILE ?? `the sites in storage (PAGE_ID ${env.PAGE_ID} while none is stored)`

/** A field that is wrong, as the API answers it: `hosts[0]`, `leads.webhooks[1].url`. */
export type FieldProblem = { path: string; message: string }

/** A change refused: 400 a wrong field, 404 no such site, 409 another site's host or page id, or SITES_FILE mode. */
export class SiteChangeError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
    readonly fields: FieldProblem[] = [],
    /** 403: the first field the role may not change (`leads.webhooks`), for a form to mark. */
    readonly refused?: string,
  ) {
    super(message)
    this.name = 'SiteChangeError'
  }
}

/**
 * Whether `error` is a registry's refusal. By name, not `instanceof`: the console's build has its own copy of this
 * module, and the registry it calls (the services') throws the server build's class.
 */
export const isSiteChangeError = (error: unknown): error is SiteChangeError => error instanceof Error && error.name === 'SiteChangeError'

/** A site as the registry answers it: its id, its SITES_FILE entry, its version and who made it. */
export type RegistrySite = { id: string; version: number; updatedAt: number; updatedBy: string; entry: SiteEntry }

/** A secret made by this change (a webhook added without one, a rotation): answered this once, never again. */
export type NewSecret = { index: number; url: string; secret: string }

/**
 * The host names an entry or patch gives, as the schema keeps them (one that is no host name is refused by the check
 * anyway): a change is shown the sites that have them. A site's own hosts need no look: no other site can have them.
 */
function hostsNamed(named: unknown): string[] {
  const hosts = (named as { hosts?: unknown } | null)?.hosts
  return Array.isArray(hosts) ? hosts.flatMap((host) => hostName.safeParse(host).data ?? []) : []
}

const toRegistrySite = ({ entry, ...site }: StoredSite): RegistrySite => ({ ...site, entry: entry as SiteEntry })

/** A site as a write answers it: with the secrets the write made. */
export type WrittenSite = RegistrySite & { newSecrets: NewSecret[] }

const problems = (issues: SiteIssue[]) => issues.map((i) => ({ path: fieldPath(i.path), message: i.message }))

const fieldPath = (path: PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || '(the site)'

/** How many versions the History shows and restores from. */
export const VERSIONS_KEPT_SHOWN = 50

/**
 * Adds, changes, removes and restores sites in storage, each change checked with the one schema SITES_FILE uses (the
 * whole registry with it: a host or page id another site has is refused), kept as a version, and written in Activity
 * under `by` (a person's email, `token NAME`, or "the command line").
 */
export function createSiteRegistry({ env, sites, activity }: { env: Env; sites: SiteStorage; activity: ConsoleStorage }) {
  const defaults = siteDefaults(env)
  const source = sitesSource(env)

  function writable() {
    if (source === 'file')
      throw new SiteChangeError(
        409,
        `the sites come from SITES_FILE (${env.SITES_FILE}): change that file; the console and the API only show them`,
      )
  }

  /**
   * `raw` checked as one more site beside `others`: the entry as checked, or the refusal naming each wrong field. The
   * entry alone goes through the schema; the others are only looked up (their hosts and page ids), so a change costs
   * the same with 2 000 sites as with 2, and a conflict names the site that has the value, not a place in a list.
   */
  function check(others: StoredSite[], raw: unknown): SiteEntry {
    const alone = checkSites([raw], defaults)
    if ('issues' in alone) throw new SiteChangeError(400, 'the site has wrong fields', problems(alone.issues))
    const entry = alone.entries[0]!
    const owner = new Map<string, string>()
    for (const site of others) for (const host of (site.entry as SiteEntry).hosts) owner.set(host, site.id)
    const fields: FieldProblem[] = []
    if (others.some((s) => s.id === entry.pageId))
      fields.push({ path: 'pageId', message: `page id "${entry.pageId}" is already a site: change that one instead` })
    entry.hosts.forEach((host, i) => {
      if (owner.has(host)) fields.push({ path: `hosts[${i}]`, message: `host "${host}" already belongs to site "${owner.get(host)}"` })
    })
    if (fields.length) throw new SiteChangeError(409, 'another site already has this host or page id', fields)
    return entry
  }

  const found = (all: StoredSite[], id: string) => {
    const site = all.find((s) => s.id === id)
    if (!site) throw new SiteChangeError(404, `no site "${id}"`)
    return site
  }

  /** `named`: what the change was given (an entry, a patch), whose hosts another site may have. */
  async function write(action: ActivityAction, id: string, by: string, named: unknown, decide: (scoped: StoredSite[]) => SiteEntry | null) {
    writable()
    const at = Date.now()
    const change = await sites.change({ ids: [id], hosts: hostsNamed(named) }, (all) => {
      const before = all.find((s) => s.id === id)
      const after = decide(all)
      if (after?.leads?.webhooks.length && !env.SECRETS_KEY)
        throw new SiteChangeError(409, `webhooks cannot be stored: ${NO_KEY}`, [
          { path: 'leads.webhooks', message: 'set SECRETS_KEY first' },
        ])
      const same = JSON.stringify(before?.entry ?? null) === JSON.stringify(after)
      const writes: SiteWrite[] = same ? [] : [{ site: id, after, by, at }]
      return { writes, result: { before: before?.entry as SiteEntry | undefined, after, wrote: !same } }
    })
    if (change.wrote) {
      await activity.record({ at, email: by, action, site: id, detail: changedFields(change.before, change.after) })
      // A webhook's URL is said (never its secret): who connected which CRM.
      const had = new Set((change.before?.leads?.webhooks ?? []).map((w) => w.url))
      for (const hook of change.after?.leads?.webhooks ?? [])
        if (!had.has(hook.url)) await activity.record({ at, email: by, action: 'added-webhook', site: id, detail: hook.url })
    }
    return change
  }

  /** The entry of a stored site, for PATCH and the Settings page: its pageId is its id and stays. */
  const keepId = (id: string, entry: unknown) => {
    const pageId = (entry as { pageId?: unknown } | null)?.pageId
    if (typeof entry === 'object' && entry && pageId !== id)
      throw new SiteChangeError(400, 'the page id is the site’s id', [
        { path: 'pageId', message: `stays "${id}": to serve another record, add a site with that page id and remove this one` },
      ])
  }

  /** `named`: the entry or patch given, whose hosts the change may add (the site's own are its alone). */
  async function change(id: string, named: unknown, next: (current: SiteEntry) => unknown, by: string, role: Role): Promise<WrittenSite> {
    let newSecrets: NewSecret[] = []
    await write('changed-site', id, by, named, (all) => {
      const current = found(all, id).entry as SiteEntry
      const made = withNewSecrets(keepSecrets(next(current), current))
      newSecrets = made.newSecrets
      const raw = made.raw
      keepId(id, raw)
      const after = check(
        all.filter((s) => s.id !== id),
        raw,
      )
      const refused = refusedField(role, current, after)
      if (refused) throw new SiteChangeError(403, refusalWords(role, refused), [], refused)
      return withoutSpentSecrets(after, Date.now())
    })
    return { ...(await answer(id)), newSecrets }
  }

  const answer = async (id: string) => toRegistrySite((await sites.some([id]))[0]!)

  async function list(): Promise<RegistrySite[]> {
    return (await sites.all()).map(toRegistrySite)
  }

  return {
    source,
    list,
    versions: (id: string): Promise<SiteVersion[]> => sites.versions(id, VERSIONS_KEPT_SHOWN),
    /** A new site; a webhook listed without a secret gets one, answered this once. */
    async add(raw: unknown, by: string): Promise<WrittenSite> {
      const pageId = (raw as { pageId?: unknown } | null)?.pageId
      const id = typeof pageId === 'string' ? pageId.trim() : ''
      const made = withNewSecrets(raw)
      await write('added-site', id, by, made.raw, (all) => check(all, made.raw))
      return { ...(await answer(id)), newSecrets: made.newSecrets }
    },
    /**
     * A new secret for the site's webhook number `index` (admins and staff): the old one still signs beside it for
     * 24 hours (OLD_SECRET_MS), then goes. The new secret is answered this once.
     */
    async rotate(id: string, index: number, by: string, role: Role): Promise<WrittenSite> {
      if (role === 'contractor') throw new SiteChangeError(403, refusalWords(role, 'leads.webhooks'))
      const secret = generateWebhookSecret()
      let url = ''
      await write('changed-site', id, by, null, (all) => {
        const current = found(all, id).entry as SiteEntry
        const hook = current.leads?.webhooks[index]
        if (!hook) throw new SiteChangeError(404, `site "${id}" has no webhook ${index}`)
        url = hook.url
        const until = new Date(Date.now() + OLD_SECRET_MS).toISOString()
        const webhooks = current.leads!.webhooks.map((w, i) =>
          i === index ? { url: w.url, secret, oldSecret: { secret: w.secret, until } } : w,
        )
        return { ...current, leads: { ...current.leads!, webhooks } }
      })
      await activity.record({ at: Date.now(), email: by, action: 'rotated-webhook', site: id, detail: url })
      return { ...(await answer(id)), newSecrets: [{ index, url, secret }] }
    },
    /** The site's whole entry replaced (webhook secrets shown masked keep their value); `role` limits what may change. */
    replace: (id: string, raw: unknown, by: string, role: Role = 'admin') => change(id, raw, () => raw, by, role),
    /** A JSON merge patch (RFC 7386) of the site's entry. */
    patch: (id: string, patch: unknown, by: string, role: Role = 'admin') =>
      change(id, patch, (current) => mergePatch(current, patch), by, role),
    async remove(id: string, by: string): Promise<void> {
      await write('removed-site', id, by, null, (all) => (found(all, id), null))
    },
    /** The site as it was after version `versionId` (or before it, for a removal): added again if it was removed. */
    async restore(id: string, versionId: number, by: string): Promise<RegistrySite> {
      // A restored webhook signs with the secret it had then (its receiver may have it still): nothing is generated.
      const version = (await sites.versions(id, VERSIONS_KEPT_SHOWN)).find((v) => v.id === versionId)
      const entry = version && (version.after ?? version.before)
      if (!entry) throw new SiteChangeError(404, `no version ${versionId} of site "${id}"`)
      await write('restored-site', id, by, entry, (all) =>
        check(
          all.filter((s) => s.id !== id),
          entry,
        ),
      )
      return answer(id)
    },
    /**
     * A SITES_FILE's sites into storage, checked as the file is (its messages): new ones added, changed ones changed,
     * the same ones left alone, so importing a file twice changes nothing the second time. Sites not in the file stay.
     */
    async import(raw: unknown, by: string, file = 'the file') {
      writable()
      parseSiteConfigs(raw, file, defaults) // the file's own mistakes, worded as when the server reads it
      const entries = (checkSites(raw, defaults) as { entries: SiteEntry[] }).entries
      const at = Date.now()
      const outcome = await sites.change('all', (all) => {
        const byId = new Map(all.map((s) => [s.id, s]))
        const merged = [...all.filter((s) => !entries.some((e) => e.pageId === s.id)).map((s) => s.entry), ...entries]
        parseSiteConfigs(merged, 'the stored sites with the file’s', defaults) // a host another stored site has
        const writes = entries
          .filter((e) => JSON.stringify(byId.get(e.pageId)?.entry) !== JSON.stringify(e))
          .map((e) => ({ site: e.pageId, after: e, by, at }))
        const added = writes.filter((w) => !byId.has(w.site)).map((w) => w.site)
        const changed = writes.filter((w) => byId.has(w.site)).map((w) => w.site)
        return { writes, result: { added, changed, unchanged: entries.length - writes.length } }
      })
      for (const site of outcome.added) await activity.record({ at, email: by, action: 'added-site', site, detail: 'imported' })
      for (const site of outcome.changed) await activity.record({ at, email: by, action: 'changed-site', site, detail: 'imported' })
      return outcome
    },
    /** The stored sites as a SITES_FILE (a JSON array of entries). */
    export: async (): Promise<SiteEntry[]> => (await list()).map((s) => s.entry),
  }
}

export type SiteRegistry = ReturnType<typeof createSiteRegistry>

/** A webhook secret as answers show it: enough to tell two apart, never enough to sign. */
export const maskedSecret = (secret: string) => `whsec_…${secret.slice(-4)}`

const masked = (w: WebhookDestination): WebhookDestination => ({
  ...w,
  secret: maskedSecret(w.secret),
  ...(w.oldSecret ? { oldSecret: { ...w.oldSecret, secret: maskedSecret(w.oldSecret.secret) } } : {}),
})

/** An entry as the console and the API show it: the webhooks' secrets (a rotation's old one too) masked. */
export function withMaskedSecrets(entry: SiteEntry): SiteEntry {
  if (!entry.leads?.webhooks.length) return entry
  return { ...entry, leads: { ...entry.leads, webhooks: entry.leads.webhooks.map(masked) } }
}

/** The webhooks of a raw entry, and the entry with other webhooks in their place. */
function rawHooks(raw: unknown): { hooks: unknown[] | null; put: (hooks: unknown[]) => unknown } {
  const hooks = (raw as { leads?: { webhooks?: unknown } } | null)?.leads?.webhooks
  const typed = raw as { leads: Record<string, unknown> }
  return { hooks: Array.isArray(hooks) ? hooks : null, put: (webhooks) => ({ ...typed, leads: { ...typed.leads, webhooks } }) }
}

/**
 * A webhook sent back with its masked secret (a GET, changed, PUT back) keeps the secret it has for that URL, and so
 * does a rotation's old secret sent back masked.
 */
function keepSecrets(raw: unknown, current: SiteEntry): unknown {
  const { hooks, put } = rawHooks(raw)
  if (!hooks) return raw
  const known = new Map((current.leads?.webhooks ?? []).map((w) => [w.url, w]))
  return put(
    hooks.map((w: unknown) => {
      const hook = w as { url?: unknown; secret?: unknown; oldSecret?: { secret?: unknown } } | null
      const stored = typeof hook?.url === 'string' ? known.get(hook.url) : undefined
      if (!stored || !hook) return w
      const kept = { ...hook, ...(hook.secret === maskedSecret(stored.secret) ? { secret: stored.secret } : {}) }
      const old = stored.oldSecret
      return old && hook.oldSecret?.secret === maskedSecret(old.secret)
        ? { ...kept, oldSecret: { ...hook.oldSecret, secret: old.secret } }
        : kept
    }),
  )
}

/** A webhook listed without a secret (absent, or empty) gets a generated one: the entry with them, and the new secrets. */
function withNewSecrets(raw: unknown): { raw: unknown; newSecrets: NewSecret[] } {
  const { hooks, put } = rawHooks(raw)
  const newSecrets: NewSecret[] = []
  if (!hooks) return { raw, newSecrets }
  const filled = hooks.map((w: unknown, index) => {
    const hook = w as { url?: unknown; secret?: unknown } | null
    if (!hook || typeof hook !== 'object' || typeof hook.url !== 'string' || (hook.secret !== undefined && hook.secret !== '')) return w
    const secret = generateWebhookSecret()
    newSecrets.push({ index, url: hook.url.trim(), secret })
    return { ...hook, secret }
  })
  return { raw: put(filled), newSecrets }
}

/** A rotation's old secret whose 24 hours are over is not kept (the signer already left it out). */
function withoutSpentSecrets(entry: SiteEntry, now: number): SiteEntry {
  if (!entry.leads?.webhooks.some((w) => w.oldSecret && Date.parse(w.oldSecret.until) <= now)) return entry
  const webhooks = entry.leads.webhooks.map(({ oldSecret, ...w }) =>
    oldSecret && Date.parse(oldSecret.until) > now ? { ...w, oldSecret } : w,
  )
  return { ...entry, leads: { ...entry.leads, webhooks } }
}

/** Which top-level fields a change touched, for Activity: "hosts, leads" (never their values: addresses, secrets). */
export function changedFields(before: SiteEntry | undefined, after: SiteEntry | null): string {
  if (!before || !after) return ''
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof SiteEntry>
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).join(', ')
}
