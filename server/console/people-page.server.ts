import type { ConsoleContext } from './console-context.ts'
import type { Person } from '../storage/console-storage.ts'
import { AccessError, checkAccess, describeAccess, endInvitations, invite, recordActivity, revoke } from './people.server.ts'
import { log } from '../observability/log.js'
import { describeMailError } from '../mail/mailer.server.ts'
import { html } from '../html/html-template.ts'

/** The People page's actions (admins): invite, end an open invitation, change someone's access, revoke. Each answers what to tell the admin. */

export type PeopleAnswer =
  | { done: 'invited'; email: string; url: string; emailed: boolean; mailError: string | null }
  | { done: 'changed' | 'revoked' | 'ended-invitation'; email: string }
  | { error: string }

const field = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
const siteList = (value: string) => value.split(/[\s,]+/).filter(Boolean)

export async function peopleAction(ctx: ConsoleContext, admin: Person, form: FormData): Promise<PeopleAnswer> {
  const knownSites = ctx.services.sites().map((s) => s.id)
  try {
    const intent = field(form, 'intent')
    if (intent === 'invite') {
      const made = await invite(ctx.store, {
        email: field(form, 'email'),
        role: field(form, 'role'),
        sites: siteList(field(form, 'sites')),
        invitedBy: admin.email,
        now: ctx.now(),
        knownSites,
        consoleUrl: ctx.config.url,
      })
      const mailError = ctx.mailer ? await mailInvitation(ctx, made.email, made.url, admin.email) : null
      return { done: 'invited', email: made.email, url: made.url, emailed: !!ctx.mailer && !mailError, mailError }
    }
    if (intent === 'end-invitation') {
      const email = field(form, 'email')
      if (!(await endInvitations(ctx.store, email, admin.email, ctx.now())))
        return { error: `No invitation for ${email} is open any more (used, expired or ended meanwhile).` }
      return { done: 'ended-invitation', email }
    }
    const person = await ctx.store.personById(field(form, 'person'))
    if (!person) return { error: 'That person may no longer sign in (someone revoked them meanwhile).' }
    if (person.id === admin.id) return { error: 'You cannot change or revoke yourself here: ask another admin, or use npm run console.' }
    if (intent === 'change') {
      const access = checkAccess(field(form, 'role'), siteList(field(form, 'sites')), knownSites)
      await ctx.store.updatePerson(person.id, access)
      await recordActivity(ctx.store, ctx.now(), admin.email, 'changed-access', null, `${person.email}: ${describeAccess(access)}`)
      return { done: 'changed', email: person.email }
    }
    if (intent === 'revoke') {
      await revoke(ctx.store, person.email, admin.email, ctx.now())
      return { done: 'revoked', email: person.email }
    }
    return { error: 'Unknown request.' }
  } catch (error) {
    if (error instanceof AccessError) return { error: `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.` }
    throw error
  }
}

/** The invitation by email (SMTP_URL set); the error in a few words when the mail server refused it (the link is shown anyway). */
async function mailInvitation(ctx: ConsoleContext, to: string, url: string, by: string): Promise<string | null> {
  const text = `${by} invites you to the agency's console, where you see your sites' leads and results.\n\nOpen this link to create your passkey and sign in. It works once, within 24 hours:\n${url}\n`
  try {
    await ctx.mailer!.send({
      to: [to],
      subject: 'Your invitation to the console',
      text,
      html: html`<p>${by} invites you to the agency's console, where you see your sites' leads and results.</p>
        <p>Open this link to create your passkey and sign in. It works once, within 24 hours:</p>
        <p><a href="${url}">${url}</a></p>`.text,
    })
    return null
  } catch (error) {
    const reason = describeMailError(error)
    log.warn({ event: 'console.invitation-not-emailed', error: reason }, 'an invitation could not be emailed; the admin has its link')
    return reason
  }
}
