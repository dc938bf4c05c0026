import { createApiToken, endApiToken } from '../console/api-tokens.server.ts'
import { consoleConfig } from '../console/console-config.server.ts'
import { AccessError, checkEmail, COMMAND_LINE, describeAccess, invite, revoke } from '../console/people.server.ts'
import { parseEnv } from '../config/env.server.ts'
import { loadSiteConfigs } from '../sites/site-config.server.ts'
import { currentSiteConfigs } from '../sites/site-registry.server.ts'
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
       npm run console -- token create --name <name> --role admin|staff|contractor [--site <id>]...
       npm run console -- token list
       npm run console -- token end --name <name>
(a contractor's sites: --site acme --site birch, or --site acme,birch)`

type Write = (s: string) => void

export async function main(argv: string[], source: NodeJS.ProcessEnv, write: Write = (s) => void process.stdout.write(s)): Promise<number> {
  const args = parseCli(
    argv,
    USAGE,
    { role: { type: 'string' }, site: { type: 'string', multiple: true }, name: { type: 'string' } },
    {
      positionals: 2,
      check: ({ values, positionals: [command, email] }) => {
        if (values.name !== undefined && command !== 'token') throw new UsageError('--name is a token’s')
        if (command === 'token') {
          if (email === 'create') {
            if (!values.name) throw new UsageError('token create needs --name (who the token is for, e.g. crm-sync)')
            if (!values.role) throw new UsageError('token create needs --role admin, staff or contractor')
          } else if (email === 'end') {
            if (!values.name) throw new UsageError('token end needs --name')
            if (values.role !== undefined || values.site) throw new UsageError('token end takes only --name')
          } else if (email === 'list') {
            if (values.name !== undefined || values.role !== undefined || values.site) throw new UsageError('token list takes nothing else')
          } else throw new UsageError('token create, token list or token end')
        } else if (command === 'users') {
          if (email !== undefined || values.role !== undefined || values.site) throw new UsageError('users takes nothing else')
        } else if (command === 'invite') {
          if (!email) throw new UsageError('invite needs the email address of the person to invite')
          if (!values.role) throw new UsageError('invite needs --role admin, staff or contractor')
        } else if (command === 'revoke') {
          if (!email) throw new UsageError('revoke needs the email address of the person to revoke')
          if (values.role !== undefined || values.site) throw new UsageError('revoke takes only the email address')
        } else throw new UsageError(command ? `unknown command "${command}"` : 'say what to do: invite, users, revoke or token')
      },
    },
  )
  if (typeof args === 'number') return args
  const [command, email = ''] = args.positionals
  let storage: Storage | undefined
  try {
    const env = parseEnv(source)
    const fileOrSingle = loadSiteConfigs(env)
    const config = consoleConfig(env)
    if (command === 'invite' && !config)
      return fail(
        'Set CONSOLE_URL (the console’s public origin, e.g. https://console.agency.example) or CONSOLE_PORT: the link points there.',
        2,
      )
    storage = await openStorage({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      defaultSite: fileOrSingle[0]!.id,
      secretsKey: env.SECRETS_KEY,
    })
    // The sites the servers serve: SITES_FILE's, else the stored ones (PAGE_ID's while none is stored).
    const sites = (await currentSiteConfigs(env, storage.sites)).map((c) => c.id)
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
    if (command === 'token') return await tokenCommand(storage, email, args.values, sites, now, write)
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

/** `token create` prints the token alone on its last line (a script takes `tail -1`); it is never shown again. */
async function tokenCommand(
  storage: Storage,
  sub: string,
  values: { name?: string; role?: string; site?: string[] },
  sites: string[],
  now: number,
  write: Write,
): Promise<number> {
  if (sub === 'create') {
    const { token, secret } = await createApiToken(storage.tokens, storage.console, {
      name: values.name!,
      role: values.role!,
      sites: (values.site ?? []).flatMap((s) => s.split(',')),
      createdBy: COMMAND_LINE,
      knownSites: sites,
      now,
    })
    write(`Token ${token.name} (${describeAccess(token)}) for the console API: keep it now, it is not shown again.\n${secret}\n`)
    return 0
  }
  if (sub === 'end') {
    if (!(await endApiToken(storage.tokens, storage.console, values.name!, COMMAND_LINE, now)))
      return fail(`No token named ${values.name}.`, 1)
    write(`Token ${values.name} ended: it works no more.\n`)
    return 0
  }
  const tokens = await storage.tokens.list()
  write(
    tokens.length
      ? tokens
          .map(
            (t) =>
              `${t.name}  ${describeAccess(t)}  by ${t.createdBy} ${iso(t.createdAt)}, last used ${t.lastUsedAt ? iso(t.lastUsedAt) : 'never'}`,
          )
          .join('\n') + '\n'
      : 'No API tokens: npm run console -- token create --name NAME --role admin|staff|contractor\n',
  )
  return 0
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
