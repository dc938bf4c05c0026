import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { startDemoProvider } from '../record/demo-provider.server.ts'
import type { Env } from '../config/env.server.ts'
import { createImageFetcher, IMAGE_MAX_BYTES } from '../images/fetch-image.server.ts'
import { createOutboundClient } from '../outbound/outbound-client.server.ts'
import { fetchRecord, recordEndpoint } from '../record/record-source.server.ts'
import { loadSiteConfigs, type SiteConfig } from '../sites/site-config.server.ts'
import { currentSiteConfigs } from '../sites/site-registry.server.ts'
import { openStorage } from '../storage/storage.server.ts'

/**
 * What the CLIs (`npm run record`, `npm run results`) read, read as the server reads it: a site's record
 * from its provider, pictures with the server's fetcher and its address filter.
 */

/** The sites the servers serve: SITES_FILE's, else the stored ones (the console's, the API's), else PAGE_ID's. */
export async function servedSiteConfigs(env: Env): Promise<SiteConfig[]> {
  // A check on a machine without the server's data (no DATABASE_URL, no leads.sqlite yet) leaves no folder behind.
  if (env.SITES_FILE || (!env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR, 'leads.sqlite')))) return loadSiteConfigs(env)
  const storage = await openStorage({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    defaultSite: env.PAGE_ID,
    secretsKey: env.SECRETS_KEY,
  })
  try {
    return await currentSiteConfigs(env, storage.sites)
  } finally {
    await storage.close()
  }
}

/** As the server's: public addresses, or exactly the provider's origin and the operator's OUTBOUND_ALLOW_ORIGINS. */
const outboundFor = (env: Env, apiUrl: string) => createOutboundClient({ allowOrigins: [apiUrl, ...env.OUTBOUND_ALLOW_ORIGINS] })

/** The server's image fetcher, for pictures of a record from `apiUrl`. */
export const cliImageFetcher = (env: Env, apiUrl: string) =>
  createImageFetcher(outboundFor(env, apiUrl), {
    timeoutMs: env.IMAGE_TIMEOUT_MS,
    maxBytes: IMAGE_MAX_BYTES,
    publicDir: path.resolve('public'),
  })

/** A site's record as its provider sends it (the embedded demo's without PAGE_API_URL), within the server's limits; an error names the address. */
export async function fetchProviderRecord(env: Env, config: SiteConfig) {
  const demo = config.pageApiUrl || env.PAGE_API_URL ? null : await startDemoProvider()
  const apiUrl = config.pageApiUrl ?? env.PAGE_API_URL ?? demo!.apiUrl
  const endpoint = recordEndpoint(apiUrl, config.pageId)
  try {
    const limits = { timeoutMs: env.RECORD_TIMEOUT_MS, maxBytes: env.RECORD_MAX_MB * 1024 * 1024 }
    const { raw } = await fetchRecord(endpoint, { outbound: outboundFor(env, apiUrl), ...limits })
    return { raw, apiUrl, endpoint, fromDemo: demo !== null }
  } catch (error) {
    throw new Error(`${endpoint}: ${error instanceof Error ? error.message : error}`, { cause: error })
  } finally {
    demo?.close()
  }
}

/** A picture as a small WebP data URI, so a report page makes no request. */
export async function webpDataUri(bytes: Buffer, width: number, quality: number): Promise<string> {
  const webp = await sharp(bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality }).toBuffer()
  return `data:image/webp;base64,${webp.toString('base64')}`
}
