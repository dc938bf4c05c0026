import { useState } from 'react'
import { useFetcher, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/site-webhooks'
import { webhooksAction, webhooksPage, type WebhookAnswer } from '#server/console/webhooks-page.server.ts'
import { formatTime } from '../parts/format.ts'
import type { loader as siteLoader } from './site.tsx'

/** A site's CRM webhooks (admins and staff): add one (its secret generated, shown once), test, rotate, remove. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return webhooksPage(context.console, request, params.siteId)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return webhooksAction(context.console, request, params.siteId)
}

export const meta: Route.MetaFunction = () => [{ title: 'Webhooks · Console' }]

export default function SiteWebhooks({ loaderData }: Route.ComponentProps) {
  const { webhooks, writable } = loaderData
  const timeZone = useRouteLoaderData<typeof siteLoader>('routes/site')?.site.timeZone
  const add = useFetcher<WebhookAnswer>()
  return (
    <section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p className="muted mt-1 max-w-prose text-sm">
        Each lead is posted to these addresses, signed with the webhook’s secret (Standard Webhooks). A secret is shown once, when it is
        made: paste it into the CRM then.
      </p>
      {webhooks.length ? (
        <ul className="mt-4 grid gap-4">
          {webhooks.map((hook, index) => (
            <Webhook key={hook.url} hook={hook} index={index} writable={writable} timeZone={timeZone} />
          ))}
        </ul>
      ) : (
        <p className="mt-4">No webhook yet.</p>
      )}
      {writable ? (
        <add.Form method="post" className="card mt-6 grid max-w-xl min-w-0 gap-2" aria-labelledby="add-webhook-heading">
          <h3 id="add-webhook-heading" className="font-semibold">
            Add a webhook
          </h3>
          <input type="hidden" name="intent" value="add" />
          <label htmlFor="webhook-url" className="font-semibold">
            The CRM’s address (https://…)
          </label>
          {/* Emptied once the webhook is added (a new key: a new, empty field). */}
          <input key={add.data?.secret?.value ?? ''} id="webhook-url" name="url" type="url" required className="field" autoComplete="off" />
          <div>
            <button type="submit" className="button" disabled={add.state !== 'idle'}>
              Add webhook
            </button>
          </div>
          <Answer answer={add.data} />
        </add.Form>
      ) : (
        <p className="muted mt-4 text-sm">These sites come from SITES_FILE: webhooks are added in that file.</p>
      )}
    </section>
  )
}

type Hook = { url: string; secret: string; oldUntil: string | null }

function Webhook({ hook, index, writable, timeZone }: { hook: Hook; index: number; writable: boolean; timeZone?: string }) {
  const fetcher = useFetcher<WebhookAnswer>()
  const busy = fetcher.state !== 'idle'
  const button = (intent: string, label: string, className = 'button-quiet') => (
    <button type="submit" name="intent" value={intent} className={className} disabled={busy}>
      {label}
    </button>
  )
  return (
    <li className="card grid min-w-0 gap-2">
      <p className="font-semibold break-all">{hook.url}</p>
      <p className="text-sm">
        Secret <code>{hook.secret}</code>
        {hook.oldUntil ? (
          <>
            {' '}
            · the old secret still signs until <time dateTime={hook.oldUntil}>{formatTime(hook.oldUntil, timeZone)}</time>
          </>
        ) : null}
      </p>
      <fetcher.Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="index" value={index} />
        {button('test', 'Send a test delivery')}
        {writable ? button('rotate', 'Rotate secret') : null}
        {writable ? button('remove', 'Remove', 'button-danger') : null}
      </fetcher.Form>
      <Answer answer={fetcher.data} />
    </li>
  )
}

/** What a post answered: a new secret (once), a test delivery's outcome, or why nothing was done. */
function Answer({ answer }: { answer: WebhookAnswer | undefined }) {
  return (
    <div role="status" className="grid gap-2">
      {answer?.error ? <p className="text-red-800">{answer.error}</p> : null}
      {answer?.secret ? <NewSecret url={answer.secret.url} value={answer.secret.value} /> : null}
      {answer?.test ? <TestOutcome test={answer.test} /> : null}
    </div>
  )
}

function NewSecret({ url, value }: { url: string; value: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="min-w-0 rounded-md border border-amber-600 bg-amber-50 p-3">
      <p className="font-semibold">
        The secret of <span className="break-all">{url}</span>, shown this once: copy it into the CRM now.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="rounded bg-white px-2 py-1 break-all" data-testid="new-secret">
          {value}
        </code>
        <button
          type="button"
          className="button-quiet"
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  )
}

function TestOutcome({ test }: { test: NonNullable<WebhookAnswer['test']> }) {
  if (!test.sent) return <p className="text-red-800">Test delivery not answered: {test.error}</p>
  const ok = test.status >= 200 && test.status < 300
  return (
    <div>
      <p className={ok ? 'text-green-800' : 'text-red-800'}>
        Test delivery answered HTTP {test.status}
        {test.answer ? ':' : ' with an empty body.'}
      </p>
      {test.answer ? (
        <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-100 p-2 text-sm whitespace-pre-wrap" data-testid="test-answer">
          {test.answer}
          {test.truncated ? '…' : ''}
        </pre>
      ) : null}
    </div>
  )
}
