import { useEffect, useState } from 'react'
import { Form, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/tokens'
import { readForm, requireAdmin } from '#server/console/authorize.server.ts'
import { createApiToken, endApiToken } from '#server/console/api-tokens.server.ts'
import { AccessError, describeAccess } from '#server/console/people.server.ts'
import { formatTime } from '../parts/format.ts'
import { ConfirmedAction } from '../parts/confirmed-action.tsx'
import { SiteIdList } from '../parts/site-id-list.tsx'
import { AccessFields } from '../parts/access-fields.tsx'

/**
 * The console API's tokens (issue 42, admins): make one (its secret shown once, to copy), see them all, end one. A token
 * carries a role and sites exactly as a person's would; only its hash is stored, as `npm run console -- token` does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.console
  await requireAdmin(ctx, request)
  const tokens = (await ctx.services.storage.tokens.list()).map(({ id, name, createdBy, createdAt, lastUsedAt, ...access }) => ({
    id,
    name,
    createdBy,
    createdAt,
    lastUsedAt,
    access: describeAccess(access),
  }))
  return { tokens, sites: ctx.services.sites().map((s) => s.id), consoleUrl: ctx.config.url }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.console
  const { person } = await requireAdmin(ctx, request)
  const form = await readForm(request)
  const { tokens } = ctx.services.storage
  try {
    if (text(form, 'intent') === 'end') {
      const name = text(form, 'name')
      if (!(await endApiToken(tokens, ctx.store, name, person.email, ctx.now())))
        return { error: `No token named ${name} is in use any more (ended meanwhile).` }
      return { ended: name }
    }
    const { token, secret } = await createApiToken(tokens, ctx.store, {
      name: text(form, 'name'),
      role: text(form, 'role'),
      sites: text(form, 'sites')
        .split(/[\s,]+/)
        .filter(Boolean),
      createdBy: person.email,
      knownSites: ctx.services.sites().map((s) => s.id),
      now: ctx.now(),
    })
    return { made: token.name, secret }
  } catch (error) {
    if (error instanceof AccessError) return { error: `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.` }
    throw error
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'API tokens · Console' }]

export default function Tokens({ loaderData }: Route.ComponentProps) {
  const { tokens, sites, consoleUrl } = loaderData
  const answer = useActionData<typeof action>()
  const idle = useNavigation().state === 'idle'
  return (
    <>
      <h1>API tokens</h1>
      <p className="mt-1 muted">
        For the agency’s scripts and CRMs: the API at <code className="break-all">{consoleUrl}/api/v1</code>, each request with the header{' '}
        <code>Authorization: Bearer TOKEN</code>. A token may do what a person of its role may (docs/api.md).
      </p>
      <SiteIdList id="token-site-ids" sites={sites} />
      {answer && idle ? <Answer answer={answer} /> : <p role="status" />}
      <section className="card mt-4" aria-labelledby="make-heading">
        <h2 id="make-heading">Make a token</h2>
        {/* A new form once a token is made: its fields empty for the next one. */}
        <Form
          key={answer && 'made' in answer ? answer.made : 'make'}
          method="post"
          className="mt-3 grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
        >
          <input type="hidden" name="intent" value="make" />
          <div>
            <label htmlFor="token-name" className="block font-semibold">
              Name
            </label>
            <input id="token-name" name="name" required maxLength={60} autoComplete="off" placeholder="crm-sync" className="field mt-1" />
          </div>
          <AccessFields idPrefix="token" listId="token-site-ids" whose="Its" />
          <button type="submit" className="button">
            Make the token
          </button>
        </Form>
      </section>
      <section className="mt-6" aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">Tokens in use ({tokens.length})</h2>
        {tokens.length ? (
          <ul className="mt-2 grid gap-3">
            {tokens.map((token) => (
              <li key={token.id} className="card flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold break-all">{token.name}</p>
                  <p className="text-sm">
                    {token.access} · made by <span className="break-all">{token.createdBy}</span>, {formatTime(token.createdAt)} · last used{' '}
                    {token.lastUsedAt ? formatTime(token.lastUsedAt) : 'never'}
                  </p>
                </div>
                <ConfirmedAction
                  danger
                  opener="End…"
                  fields={{ intent: 'end', name: token.name }}
                  consequence="Requests with it are refused (401) at once."
                  action={`End ${token.name}`}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="card mt-2">No token yet.</p>
        )}
      </section>
    </>
  )
}

type Answered = NonNullable<ReturnType<typeof useActionData<typeof action>>>

function Answer({ answer }: { answer: Answered }) {
  if ('error' in answer)
    return (
      <p role="alert" className="card mt-4 border-red-700 text-red-800">
        {answer.error}
      </p>
    )
  if ('ended' in answer)
    return (
      <p role="status" className="card mt-4 border-green-700">
        Token {answer.ended} is ended.
      </p>
    )
  return <MadeToken name={answer.made} secret={answer.secret} />
}

/** The new token, shown this once: it is not stored, only its hash. */
function MadeToken({ name, secret }: { name: string; secret: string }) {
  const [copied, setCopied] = useState(false)
  // The button copies with script only: without it, the field is there to select and copy.
  const [scripted, setScripted] = useState(false)
  useEffect(() => setScripted(true), [])
  return (
    <div role="status" className="card mt-4 border-green-700">
      <p>
        Token <strong>{name}</strong> made. Copy it now: it is shown this once, never again.
      </p>
      <label htmlFor="new-token" className="mt-2 block font-semibold">
        The token
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input id="new-token" readOnly value={secret} className="field flex-1 font-mono text-sm" onFocus={(e) => e.target.select()} />
        {scripted ? (
          <button
            type="button"
            className="button-quiet"
            onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        ) : null}
      </div>
    </div>
  )
}
