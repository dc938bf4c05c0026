import { consoleConfig } from '../console/console-config.server.ts'
import { AccessError, checkEmail, COMMAND_LINE, describeAccess, invite, revoke } from '../console/people.server.ts'
import { parseEnv } from '../process/env.server.ts'
import { loadSiteConfigs } from '../sites/site-config.server.ts'
import { openStorage } from '../storage/storage.server.ts'
import type { Storage } from '../storage/storage-contract.server.ts'
import { parseCli, UsageError } from './cli-args.ts'
import { padToWidth, textWidth } from './terminal-width.ts'

/**
 * `npm run console -- invite EMAIL --role admin|staff|contractor [--site ID]…`: a single-use invitation link
 * (24 h) to the console, the first admin's way in. `-- users`: who may sign in. `-- revoke EMAIL`: a leaver,
 * or lost passkeys (revoke, then invite again): their sessions end at once, passkeys and access go, their
 * activity stays. Reads and writes the server's own storage (DATABASE_URL, else DATA_DIR); no console needs to run.
 * Exit status: 0 done, 1 no such person, 2 a wrong request or configuration.
 */

const USAGE = `usage: npm run console -- invite <email> --role admin|staff|contractor [--site <id>]...
       npm run console -- users
       npm run console -- revoke <email>
(a contractor's sites: --site acme --site birch, or --site acme,birch)`

type Write = (s: string) => void

export async function main(argv: string[], source: NodeJS.ProcessEnv, write: Write = (s) => void process.stdout.write(s)): Promise<number> {
  const args = parseCli(
    argv,
    USAGE,
    { role: { type: 'string' }, site: { type: 'string', multiple: true } },
    {
      positionals: 2,
      check: ({ values, positionals: [command, email] }) => {
        if (command === 'users') {
          if (email !== undefined || values.role !== undefined || values.site) throw new UsageError('users takes nothing else')
        } else if (command === 'invite') {
          if (!email) throw new UsageError('invite needs the email address of the person to invite')
          if (!values.role) throw new UsageError('invite needs --role admin, staff or contractor')
        } else if (command === 'revoke') {
          if (!email) throw new UsageError('revoke needs the email address of the person to revoke')
          if (values.role !== undefined || values.site) throw new UsageError('revoke takes only the email address')
        } else throw new UsageError(command ? `unknown command "${command}"` : 'say what to do: invite, users or revoke')
      },
    },
  )
  if (!args) return 2
  const [command, email = ''] = args.positionals
  let storage: Storage | undefined
  try {
    const env = parseEnv(source)
    const sites = loadSiteConfigs(env).map((c) => c.id)
    const config = consoleConfig(env)
    if (command === 'invite' && !config)
      return fail(
        'Set CONSOLE_URL (the console’s public origin, e.g. https://console.agency.example) or CONSOLE_PORT: the link points there.',
        2,
      )
    storage = await openStorage({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, defaultSite: sites[0]! })
    const store = storage.console
    const now = Date.now()
    if (command === 'invite') {
      const siteIds = (args.values.site ?? []).flatMap((s) => s.split(','))
      const made = await invite(store, {
        email,
        role: args.values.role!,
        sites: siteIds,
        invitedBy: COMMAND_LINE,
        now,
        knownSites: sites,
        consoleUrl: config!.url,
      })
      write(
        `Invitation for ${made.email}: open this link to create a passkey and sign in (it works once, until ${iso(made.expiresAt)}):\n${made.url}\n`,
      )
      return 0
    }
    if (command === 'revoke') {
      const person = await store.personByEmail(checkEmail(email))
      const [passkeys, sessions] = person ? await Promise.all([store.passkeys(person.id), store.sessions(person.id)]) : [[], []]
      const revoked = await revoke(store, email, COMMAND_LINE, now)
      if (!revoked) return fail(`No person ${email} may sign in to the console, and no invitation for them is open.`, 1)
      const ended = revoked.invitations ? ` ${revoked.invitations} open invitation(s) ended.` : ''
      write(
        revoked.person
          ? `Revoked ${revoked.person.email}: ${sessions.length} session(s) ended, ${passkeys.length} passkey(s) removed.${ended} Their activity stays. To let them back in (lost passkeys), invite them again.\n`
          : `${email} had no access;${ended}\n`,
      )
      return 0
    }
    write(await users(storage, now))
    return 0
  } catch (error) {
    if (error instanceof AccessError) return fail(`${error.message}.`, 2)
    return fail(error instanceof Error ? error.message : String(error), 2)
  } finally {
    await storage?.close()
  }
}

const iso = (time: number) => new Date(time).toISOString().slice(0, 16).replace('T', ' ') + ' UTC'

async function users(storage: Storage, now: number): Promise<string> {
  const people = await storage.console.people()
  const open = await storage.console.openInvitations(now)
  const invitations = open.length
    ? [
        '',
        `Open invitations (${open.length}; end one with: npm run console -- revoke EMAIL):`,
        ...open.map((i) => `  ${i.email}  ${describeAccess(i)}  by ${i.invitedBy}, until ${iso(i.expiresAt)}`),
      ].join('\n') + '\n'
    : ''
  if (!people.length) return 'Nobody may sign in yet: npm run console -- invite EMAIL --role admin\n' + invitations
  const rows = await Promise.all(
    people.map(async (person) => {
      const [passkeys, sessions] = await Promise.all([storage.console.passkeys(person.id), storage.console.sessions(person.id)])
      const lastSeen = Math.max(0, ...sessions.map((s) => s.lastSeenAt), ...passkeys.map((p) => p.lastUsedAt ?? 0))
      return [person.email, describeAccess(person), String(passkeys.length), String(sessions.length), lastSeen ? iso(lastSeen) : 'never']
    }),
  )
  const head = ['Email', 'Access', 'Passkeys', 'Sessions', 'Last seen']
  const widths = head.map((h, i) => Math.max(textWidth(h), ...rows.map((r) => textWidth(r[i]!))))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => padToWidth(c, widths[i]!))
      .join('  ')
      .trimEnd()
  return (
    [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), '', `${rows.length} person(s)`].join('\n') + '\n' + invitations
  )
}

function fail(message: string, code: number): number {
  process.stderr.write(`${message}\n`)
  return code
}
