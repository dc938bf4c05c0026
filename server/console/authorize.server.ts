import type { Site } from '../services.server.ts'
import type { ConsoleContext } from './console-context.ts'
import type { Person } from '../storage/console-storage.ts'
import { signedIn, type SignedIn } from './sessions.server.ts'

/**
 * The one gate every console loader and action passes first (issue 35). Each read names a site and is
 * checked against the person's role: a site the person may not see is 404 whatever the reason (no such
 * site, another contractor's, signed out), so nobody learns which sites exist.
 */

/** What a role may do to a site it sees: contractors read; staff and admins also resend leads and export them. */
export type SiteNeed = 'read' | 'resend' | 'export'

const NOT_FOUND = () => new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/** Thrown by a loader or action: the console's 404 page (or a plain 404 for a file or an API call). */
export function notFound(): never {
  throw NOT_FOUND()
}

/** Whether a person sees a site at all. */
export const seesSite = (person: Person, siteId: string) => person.role !== 'contractor' || person.sites.includes(siteId)

export const may = (person: Person, need: SiteNeed) => need === 'read' || person.role !== 'contractor'

/** The sites a person sees, as they are served now (a site the sites file dropped is gone from the console too). */
export const visibleSites = (ctx: ConsoleContext, person: Person): Site[] =>
  ctx.services.sites().filter((site) => seesSite(person, site.id))

/**
 * Where to go after signing in: `value` as the URL parser (the browser's own rules) reads it against the console's
 * origin, kept only when it stays on that origin; else /sites. What comes back is the parser's spelling (tabs and
 * line breaks dropped, the rest percent-encoded), so it is always a safe header value.
 */
export function safeNext(value: string | null | undefined, consoleUrl: string): string {
  const origin = new URL(consoleUrl).origin
  const url = value?.startsWith('/') && URL.canParse(value, origin) ? new URL(value, origin) : null
  return url && url.origin === origin ? url.pathname + url.search + url.hash : '/sites'
}

/** The signed-in person, or a redirect to the sign-in page that comes back here afterwards. */
export async function requirePerson(ctx: ConsoleContext, request: Request): Promise<SignedIn> {
  const who = await signedIn(ctx, request)
  if (who) return who
  const { pathname, search } = new URL(request.url)
  throw new Response(null, { status: 303, headers: { Location: `/?next=${encodeURIComponent(pathname + search)}` } })
}

/**
 * The signed-in person and the site `siteId` names, when their role lets them `need` it. 404 when they may not
 * see the site (or are signed out); 403 when they see it but their role does not do this (a contractor's export).
 */
export async function requireSiteAccess(ctx: ConsoleContext, request: Request, siteId: string | undefined, need: SiteNeed) {
  const who = await signedIn(ctx, request)
  const site = who && siteId ? ctx.services.sites().find((s) => s.id === siteId) : undefined
  if (!who || !site || !seesSite(who.person, site.id)) notFound()
  if (!may(who.person, need))
    throw new Response('Your role reads this site; resending and exporting leads are for the agency’s staff.', { status: 403 })
  return { ...who, site }
}

/** People and Activity: admins only; anyone else signed in gets 404. */
export async function requireAdmin(ctx: ConsoleContext, request: Request): Promise<SignedIn> {
  const who = await requirePerson(ctx, request)
  if (who.person.role !== 'admin') notFound()
  return who
}

/** A console form's fields; a body that is not a form (JSON, a broken encoding) is the sender's mistake: 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw new Response('This request is not a form the console can read.', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
}

/** The agency's own pages (a visitor's data): admins and staff; a contractor gets 404. */
export async function requireAgency(ctx: ConsoleContext, request: Request): Promise<SignedIn> {
  const who = await requirePerson(ctx, request)
  if (who.person.role === 'contractor') notFound()
  return who
}
