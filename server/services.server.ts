import fs from 'node:fs'
import path from 'node:path'
import { originName, postgresSettings, relayTiming, type Env } from './config/env.server.ts'
import { startDemoProvider } from './record/demo-provider.server.ts'
import { createImageFetcher, IMAGE_MAX_BYTES } from './images/fetch-image.server.ts'
import { createDiskImageStore } from './images/disk-image-store.server.ts'
import type { ImageStore } from './images/image-store.server.ts'
import type { LeadSite } from './leads/lead-facts.server.ts'
import { createLeadOutbox } from './leads/lead-outbox.server.ts'
import { createLeadService } from './leads/lead-service.server.ts'
import { createMailer, describeMailError, senderDomain } from './mail/mailer.server.ts'
import { createPageCache } from './pages/page-cache.server.ts'
import { createOutboundClient, type OutboundClient } from './outbound/outbound-client.server.ts'
import { createRecordFleet } from './record/record-fleet.server.ts'
import { fetchRecord, recordEndpoint } from './record/record-source.server.ts'
import {
  listedHosts,
  loadSiteConfigs,
  siteResolver,
  SitesFileError,
  type SiteConfig,
  type WebhookDestination,
} from './sites/site-config.server.ts'
import { sendTestDelivery } from './leads/webhook-test.server.ts'
import { changedSiteConfigs, createSiteRegistry, sitesToServe } from './sites/site-registry.server.ts'
import { createHeldSites } from './held-site.server.ts'
import { startHeapGuard } from './memory/heap-guard.server.ts'
import { openStorage } from './storage/storage.server.ts'
import type { Storage } from './storage/storage-contract.server.ts'
import { createVisitStore } from './visits/visit-store.server.ts'
import { createResultsCounter, type CountedAction } from './results/results-counter.server.ts'
import { createTally } from './observability/tally.server.ts'
import { createDayKeys } from './visits/day-keys.server.ts'
import { createReportDelivery, type DeliverySite } from './results/report-delivery.server.ts'
import { servedLook } from './results/report-look.server.ts'
import { shareLink } from './results/share-link.server.ts'
import { monthLeads } from './results/report-leads.server.ts'
import { createWeatherService, weatherEndpoints } from './weather/weather-service.server.ts'
import { log } from './observability/log.js'
import { startLeadRetention } from './leads/lead-retention.server.ts'
import { prepareDataDir } from './storage/data-dir.server.ts'
import { StartupError } from './observability/startup-error.js'
import { NO_KEY, SecretsKeyError, storesWebhooks } from './storage/webhook-secrets.server.ts'

/** Sites whose first record fetch runs at the same time while the start holds them. */
const STARTUP_FETCHES = 8
/** How often the days that are over are swept from the storage (their salts and once-keys). */
const DAY_SWEEP_MS = 60_000
/** Editors write a file in several steps (truncate, write, rename): one reload once they are done. */
const RELOAD_DEBOUNCE_MS = 150

/**
 * Everything long-lived the server runs, started once: one `Site` per contractor (its record,
 * leads and visits) over one storage (SQLite or PostgreSQL), one lead outbox, one image store and one page cache.
 */
export async function startServices(env: Env) {
  // A sites file that cannot be used stops the start before the storage is even opened.
  const fileSites = env.SITES_FILE ? await sitesAtStartup(env) : undefined
  prepareDataDir(env.DATA_DIR)
  // Before anything else runs, so an unreachable database stops the start with a clear message.
  const storage = await openStorage({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    defaultSite: fileSites?.configs[0]!.id ?? env.PAGE_ID,
    postgres: postgresSettings(env),
    secretsKey: env.SECRETS_KEY,
  })
  log.info({ event: 'storage.opened', kind: storage.kind, location: storage.location }, `storage: ${storage.kind} ${storage.location}`)
  const startingSites = fileSites ?? (await sitesAtStartup(env, storage))
  const configs = startingSites.configs
  /** Adds, changes and removes the stored sites (the console, the API, `npm run sites`); refuses all of it with SITES_FILE. */
  const registry = createSiteRegistry({ env, sites: storage.sites, activity: storage.console })
  // With PostgreSQL each site's record is the fleet's: one origin fetches it per ttl, the others load it when told.
  const fleet = storage.records ? createRecordFleet({ store: storage.records, origin: originName(env) }) : null
  fleet?.start()
  const demo = env.PAGE_API_URL ? null : await startDemoProvider()
  const defaultApiUrl = env.PAGE_API_URL ?? demo!.apiUrl
  // Every URL a record names (relay, images) and every provider call goes through this one client:
  // public addresses, or exactly the origins the operator configured (docs/decisions/070-outbound-client.md).
  const allowedOrigins = (list: SiteConfig[]) => [
    ...list.map((config) => config.pageApiUrl ?? defaultApiUrl),
    ...env.OUTBOUND_ALLOW_ORIGINS,
  ]
  const outbound = createOutboundClient({ allowOrigins: allowedOrigins(configs) })
  // The agency's mail server, for every site's lead emails and monthly reports (each step of a send within the outbox's timeout).
  const timing = relayTiming(env)
  const mailer =
    env.SMTP_URL && env.MAIL_FROM ? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, timeoutMs: timing.timeoutMs }) : null
  // A mail server that is down or refuses the password does not stop the site (emails wait and are retried), but is said at once.
  mailer?.verify().then(
    () => log.info({ event: 'mail.ready' }, 'the mail server (SMTP_URL) accepts us'),
    (error: unknown) =>
      log.error(
        { event: 'mail.unusable', error: describeMailError(error) },
        `the mail server (SMTP_URL) cannot be used yet: ${describeMailError(error)}; lead emails wait and are retried`,
      ),
  )
  /** What a lead's webhook body and email say about its site, read when they are made (the outbox, the console API). */
  const leadSiteOf = (id: string): LeadSite | undefined => {
    const site = sites.find((s) => s.id === id)
    // Its summary, not its record: a lead retried for a site nobody visits now does not bring the site back into memory.
    return site && { businessName: site.summary().name, siteUrl: site.config.siteUrl ?? null }
  }
  // One outbox for every site and destination: each lead carries its relay URL and its destinations, frozen when it was stored.
  const outbox = createLeadOutbox({
    store: storage.leads,
    outbound,
    timing,
    mail: mailer && { mailer, from: env.MAIL_FROM! },
    destinationsOf: (id) => sites.find((site) => site.id === id)?.config.leads,
    siteOf: leadSiteOf,
    consoleUrl: env.CONSOLE_URL ?? null,
    admins: async () => (await storage.console.people()).filter((person) => person.role === 'admin').map((person) => person.email),
  })
  const pages = createPageCache(env.PAGE_CACHE_MB * 1024 * 1024)
  /** Actions counted by this process, per site: `tradesite_actions_total` (kept across a site's rebuild by a reload). */
  const actionTallies = createTally<{ site: string; action: CountedAction }>()
  /** The days' salts and the keys made with them: every key on a client (visitor, once a day, rate limits) is one of these. */
  const dayKeys = createDayKeys({ salts: storage.results })
  // A day's salt and once-keys go within a minute of that day's end in its time zone (every instance sweeps; the first finds them).
  const sweepDayKeys = () =>
    void dayKeys
      .sweep()
      .catch((error: unknown) =>
        log.warn({ event: 'results.sweep-failed', error: String(error) }, 'the days that are over could not be swept'),
      )
  sweepDayKeys()
  const daySweep = setInterval(sweepDayKeys, DAY_SWEEP_MS)
  daySweep.unref()
  const retention = startLeadRetention(storage.leads, env.LEAD_RETENTION_DAYS)
  const weather = createWeatherService(weatherEndpoints(env))
  // One image store for every site: variants are content-addressed, so a photo two sites share is kept once.
  const images = await openImageStore(env, outbound, storage)

  /** Sites are held in memory only while visited (SITE_CACHE_MB): the others cost a row each (docs/decisions/200-sites-held-while-visited.md). */
  const held = createHeldSites({
    maxBytes: env.SITE_CACHE_MB * 1024 * 1024,
    images,
    pages,
    dataDir: env.DATA_DIR,
    provider: demo ? 'demo provider' : 'provider',
    record: {
      ttlSeconds: env.RECORD_TTL_SECONDS,
      timeoutMs: env.RECORD_TIMEOUT_MS,
      maxBytes: env.RECORD_MAX_MB * 1024 * 1024,
      outbound,
      dataDir: env.DATA_DIR,
      fleet: fleet ?? undefined,
    },
  })

  function createSite(config: SiteConfig) {
    // A record that gains a relay address releases the leads held while it had none.
    const site = held.createLazySite(config, config.pageApiUrl ?? defaultApiUrl, {
      changed: () => leads.releaseHeldInBackground(),
      started: () => leads.releaseHeldInBackground(),
    })
    const leads = createLeadService({
      store: storage.leads,
      outbox,
      pageId: config.pageId,
      site: config.id,
      getRecord: () => site.records.current().record,
      siteUrl: config.siteUrl,
      destinations: config.leads,
      timeZone: config.timeZone,
      releaseHeldNow: false, // once the site is held (hooks.started): reading its record now would hold every site
    })
    const { timeZone } = config
    const visits = createVisitStore({ storage: storage.visits, site: config.id, seen: storage.rateLimits, keys: dayKeys, timeZone })
    const results = createResultsCounter({
      storage: storage.results,
      site: config.id,
      timeZone,
      keys: dayKeys,
      onAction: (action) => actionTallies.add({ site: config.id, action }),
    })
    const served = () => {
      const { origin, record } = site.records.current()
      return origin === 'empty' ? null : record
    }
    /** Its monthly report's delivery: how it looks (the record served now, the logo our pipeline made), and its share link. */
    const delivery: DeliverySite = {
      config,
      look: () => servedLook(served(), config.id, images),
      // The report's button opens the share page: the site's link, made now when it has none (ended in the console).
      link: () => shareLink(storage.results, config),
      leads: (month, lang) => monthLeads(storage.leads, { site: config.id, month, timeZone, lang, consoleUrl: env.CONSOLE_URL ?? null }),
    }
    return { id: config.id, config, ...site, leads, visits, results, weather, delivery }
  }

  let sites = configs.map(createSite)
  // Whether the sites served are the registry's (a change names the sites to read again) or SITES_FILE's / PAGE_ID's.
  let servingRegistry = startingSites.registry
  const configsServed = () => sites.map((site) => site.config)
  let siteFor = siteResolver(sites)
  let hosts = listedHosts(configs)
  // Caches shed before the heap runs out (the held sites and pages come back on their own): the process keeps serving.
  const heapGuard = startHeapGuard([
    { name: 'pages', shed: pages.shed },
    { name: 'heldSites', shed: held.shed },
  ])
  await warmUp(sites, held)
  outbox.start()
  // Last month's report to each site's inbox on the 1st (with SMTP_URL): once per site and month across the fleet.
  const reports =
    mailer &&
    createReportDelivery({
      results: storage.results,
      mailer,
      domain: senderDomain(env.MAIL_FROM!),
      origin: originName(env),
      sites: () => sites.map((site) => site.delivery),
    })
  reports?.start()
  images.sync()
  // Images that failed (host down, too slow) are tried again when their backoff is due; ready ones are never fetched twice.
  const imageRetry = setInterval(() => images.sync(), Math.max(env.RECORD_TTL_SECONDS, 30) * 1000)
  imageRetry.unref()

  /**
   * Reads the sites' source again (SITES_FILE, or the registry in storage: only the sites `named` when a change said
   * which) and serves what it says: new sites are
   * held on their first request (their first record fetched then), unchanged ones keep everything (records, page cache, images),
   * changed ones are rebuilt, removed ones stop. Sites that do not parse change nothing and say why.
   */
  async function reload(named: string[] | null): Promise<void> {
    let next: SiteConfig[]
    try {
      if (named && servingRegistry) next = await changedSiteConfigs(env, storage.sites, configsServed(), named)
      else ({ configs: next, registry: servingRegistry } = await sitesToServe(env, storage.sites))
    } catch (error) {
      const problems = error instanceof SitesFileError ? error.problems : [String(error)]
      const from = env.SITES_FILE ? `sites file ${env.SITES_FILE}` : 'the sites in storage'
      log.error(
        { event: 'sites.invalid', file: env.SITES_FILE, problems },
        `${from} not applied, the current sites stay: ${problems.join('; ')}`,
      )
      return
    }
    const current = new Map(sites.map((site) => [site.id, site]))
    const same = (a: SiteConfig, b: SiteConfig) => a === b || JSON.stringify(a) === JSON.stringify(b)
    const nextSites = next.map((config) => {
      const old = current.get(config.id)
      return old && same(old.config, config) ? old : createSite(config)
    })
    const started = nextSites.filter((site) => current.get(site.id) !== site)
    const leaving = sites.filter((site) => !nextSites.includes(site))
    if (!started.length && !leaving.length) return
    outbound.allowOnly(allowedOrigins(next)) // before the new sites' first fetch: their provider may be new
    hosts = new Set([...hosts, ...listedHosts(next)]) // the TLS ask knows a new host at once, while its record is fetched
    await warmUp(started, held)
    sites = nextSites
    siteFor = siteResolver(sites)
    hosts = listedHosts(next)
    for (const site of leaving) site.stop()
    images.sync()
    const ids = (list: Site[]) => list.map((site) => site.id)
    const changed = ids(started).filter((id) => current.has(id))
    const added = ids(started).filter((id) => !current.has(id))
    const removed = ids(leaving).filter((id) => !changed.includes(id))
    log.info(
      { event: 'sites.reloaded', added, changed, removed, sites: sites.length },
      `${env.SITES_FILE ? 'sites file' : 'stored sites'} reloaded: ${sites.length} sites (added ${added.join(', ') || 'none'}; changed ${changed.join(', ') || 'none'}; removed ${removed.join(', ') || 'none'})`,
    )
  }

  // One reload at a time, in order: a signal and a file change arriving together run one after the other. A burst of
  // registry changes (an agency's script adding hundreds of sites) queues one reload, which reads the sites they named
  // (or all of them, when one change did not say which) when it starts.
  let reloading = Promise.resolve()
  let queued: Set<string> | 'all' | null = null
  const reloadSites = (changed: string[] | null = null) => {
    const wasQueued = queued !== null
    queued = !changed || queued === 'all' ? 'all' : new Set([...(queued ?? []), ...changed])
    if (wasQueued) return reloading
    return (reloading = reloading
      .then(() => {
        const which = queued === 'all' ? null : [...queued!]
        queued = null
        return reload(which)
      })
      .catch((error: unknown) => log.error({ event: 'sites.reload-failed', err: error }, 'the sites could not be applied')))
  }
  // The registry: a change by any process (this one at once, the fleet's through its listening connection) is applied
  // here, reading only the sites it names; anything missed while that connection was away is read in full.
  const stopWatching = env.SITES_FILE
    ? watchFile(env.SITES_FILE, () => void reloadSites())
    : storage.sites.listen(
        (changed) => void reloadSites(changed),
        (up) => up && void reloadSites(),
      )

  return {
    env,
    /** The sites served now (the sites file may change them: read it again rather than keeping the list). */
    sites: () => sites,
    storage,
    /** The one outbox of every site's lead deliveries: `resend` for the console, `sentTally` for the metrics. */
    outbox,
    leadSiteOf,
    /** The fleet's state (DATABASE_URL set), or null for one origin on its own. */
    fleet,
    /** The agency's mail server (SMTP_URL), or null: lead emails, monthly reports, the console's invitations. */
    mailer,
    /** The 1st's monthly reports (with SMTP_URL), or null: `tally` for the metrics. */
    reports,
    dayKeys,
    images,
    actionTallies,
    /** LEAD_RETENTION_DAYS, or null when leads are kept (the console's Leads page says which). */
    leadRetentionDays: env.LEAD_RETENTION_DAYS ?? null,
    /** The site a request's host name belongs to, if any. */
    siteFor: (hostname: string | undefined) => siteFor(hostname),
    /** Whether a site lists this host name (lower case, no port): the TLS proxy's ask. */
    listsHost: (hostname: string) => hosts.has(hostname),
    /** Reads the sites' source again (SIGHUP, the file changed, the registry changed). */
    reloadSites,
    registry,
    /**
     * A page id's record as its provider sends it now, before any site serves it (the console's preview when adding a
     * site): through the one outbound client, within the records' limits; its endpoint, and the answer or why not.
     */
    async fetchRecordOf(
      pageId: string,
      pageApiUrl?: string,
    ): Promise<{ endpoint: string; raw: object } | { endpoint: string; error: string }> {
      const endpoint = recordEndpoint(pageApiUrl ?? defaultApiUrl, pageId)
      const limits = { outbound, timeoutMs: env.RECORD_TIMEOUT_MS, maxBytes: env.RECORD_MAX_MB * 1024 * 1024 }
      try {
        return { endpoint, raw: (await fetchRecord(endpoint, limits)).raw }
      } catch (error) {
        return { endpoint, error: error instanceof Error ? error.message : String(error) }
      }
    },
    /** "Send a test delivery" to one of a site's webhooks: signed, through the outbound gate, once (server/leads/webhook-test.server.ts). */
    sendTestDelivery: (site: string, hook: WebhookDestination) =>
      sendTestDelivery(outbound, hook, {
        site,
        context: { site: leadSiteOf(site), consoleUrl: env.CONSOLE_URL ?? null },
        timeoutMs: timing.timeoutMs,
      }),
    pages,
    /** The sites held in memory now (SITE_CACHE_MB): how many, their estimated bytes, and how many were let go since start. */
    heldSites: held,
    /** Times the caches were shed for want of heap (server/memory/heap-guard.server.ts). */
    memorySheds: heapGuard.sheds,
    async close() {
      stopWatching()
      heapGuard.stop()
      await reloading
      clearInterval(imageRetry)
      clearInterval(daySweep)
      retention.stop()
      const imagesClosed = images.close() // first: the disk store's manifest is written before anything awaits
      for (const site of sites) site.stop()
      await outbox.stop()
      await reports?.stop()
      mailer?.close()
      await imagesClosed
      await fleet?.close()
      await storage.close()
      demo?.close()
    },
  }
}

export type AppServices = Awaited<ReturnType<typeof startServices>>
/** One contractor's site: what a request's loaders and actions see as `context.services`. */
export type Site = ReturnType<AppServices['sites']>[number]

/** The sites to start with: sites that cannot be used stop the start (a reload keeps the sites it has instead). */
async function sitesAtStartup(env: Env, storage?: Storage): Promise<{ configs: SiteConfig[]; registry: boolean }> {
  try {
    // Stored webhooks (plain ones from before SECRETS_KEY too) cannot be kept sealed, nor new ones added, without the key.
    if (storage && !env.SITES_FILE && !env.SECRETS_KEY && storesWebhooks((await storage.sites.all()).map((s) => s.entry)))
      throw new SecretsKeyError(NO_KEY)
    return storage ? await sitesToServe(env, storage.sites) : { configs: loadSiteConfigs(env), registry: false }
  } catch (error) {
    if (error instanceof SecretsKeyError) throw new StartupError(`The sites in storage cannot be read: ${error.message}.`, { cause: error })
    if (!(error instanceof SitesFileError)) throw error
    throw new StartupError(
      storage
        ? `The sites in storage cannot be used: ${error.problems.join('; ')}. Set back what they need (SMTP_URL for their emails, OUTBOUND_ALLOW_ORIGINS for their webhooks), or see them with npm run sites -- export (docs/console.md, "Sites").`
        : `SITES_FILE ${error.source} cannot be used: ${error.problems.join('; ')}. Fix the file, or SITES_FILE if it names the wrong one (docs/operating.md, "Many contractors in one process").`,
      { cause: error },
    )
  }
}

/**
 * The record images' store: this origin's disk alone, or with DATABASE_URL the fleet's (PostgreSQL, this
 * origin's disk as its cache), so every origin shows the same pictures and each photo is encoded once.
 */
async function openImageStore(env: Env, outbound: OutboundClient, { postgres }: Storage): Promise<ImageStore> {
  const fetchImage = createImageFetcher(outbound, {
    timeoutMs: env.IMAGE_TIMEOUT_MS,
    maxBytes: IMAGE_MAX_BYTES,
    publicDir: path.resolve('public'),
  })
  if (!postgres) return createDiskImageStore({ dataDir: env.DATA_DIR, maxDiskBytes: env.IMAGE_DISK_MB * 1e6, fetchImage })
  const { openFleetImageStore } = await import('./images/fleet-image-store.server.ts')
  return openFleetImageStore({
    postgres,
    dataDir: env.DATA_DIR,
    fetchImage,
    maxCacheBytes: env.IMAGE_DISK_MB * 1e6,
    maxDatabaseBytes: env.IMAGE_DATABASE_MB * 1e6,
    leaseMs: env.IMAGE_LEASE_SECONDS * 1000,
  })
}

/** One site's state as the operator sees it: /healthz for its host, and every site on the metrics listener. */
export function siteState(site: Site, images: AppServices['images']) {
  // Never holds the site: the metrics and the console's list look at every site, most of them not held.
  const { origin, fetchedAt, fetchedBy, version, lastError, counts } = site.summary()
  return {
    record: { source: origin, fetchedAt, version, lastError, ...(fetchedBy ? { fetchedBy } : {}) },
    /** null: the site was not visited since start, so its record was not read. */
    recordReport: counts,
    images: { ...images.siteStatus(site.id), fleet: fleetImages(images) },
  }
}

/**
 * With DATABASE_URL: every site's pictures fleet-wide, this origin's share of the work, whether the database answers,
 * and the bound: the bytes stored, IMAGE_DATABASE_MB, and the photos refused for want of room (`full`).
 */
function fleetImages(images: ImageStore) {
  const { store, diskBytes: _cache, ...fleet } = images.status()
  return store === 'fleet' ? fleet : undefined
}

/**
 * Calls `onChange` when `file` changes. The folder is watched, not the file: editors and deploy
 * tools replace a file by renaming another one over it, which a watch on the file itself misses.
 */
function watchFile(file: string, onChange: () => void): () => void {
  const name = path.basename(file)
  let timer: NodeJS.Timeout | undefined
  const watcher = fs.watch(path.dirname(path.resolve(file)), (_event, changed) => {
    if (changed && changed !== name) return
    clearTimeout(timer)
    timer = setTimeout(onChange, RELOAD_DEBOUNCE_MS)
  })
  watcher.unref()
  watcher.on('error', (error) =>
    log.warn({ event: 'sites.watch-failed', error: String(error) }, `cannot watch ${file}: SIGHUP still reloads it`),
  )
  return () => {
    clearTimeout(timer)
    watcher.close()
  }
}

/**
 * Holds sites in their order, a few at a time, until the held sites' bound is nearly full: a process with a few sites
 * has every record fetched before its first visitor, as before; with thousands, the rest wait for theirs.
 */
async function warmUp(list: { warm(): Promise<void> }[], held: { full(): boolean }) {
  for (let i = 0; i < list.length && !held.full(); i += STARTUP_FETCHES)
    await Promise.all(list.slice(i, i + STARTUP_FETCHES).map((site) => site.warm()))
}
