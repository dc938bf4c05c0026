import { useFetcher } from 'react-router'
import type { TroubleView } from '#server/console/destination-troubles.server.ts'
import { formatTime } from './format.ts'

const KIND_WORDS: Record<TroubleView['kind'], string> = { email: 'Lead email', webhook: 'Webhook', relay: 'Relay' }

/** A site's lead destinations that need attention, on every part of the site; a paused one can be re-enabled (staff, admins). */
export function DestinationTroubles({ troubles, action, mayReenable }: { troubles: TroubleView[]; action: string; mayReenable: boolean }) {
  if (!troubles.length) return null
  return (
    <section aria-labelledby="troubles-heading" className="mt-4 rounded border-2 border-amber-700 bg-amber-50 p-4">
      <h2 id="troubles-heading" className="text-lg">
        {`Needs attention: ${troubles.length === 1 ? 'a lead destination is failing' : `${troubles.length} lead destinations are failing`}`}
      </h2>
      <ul className="mt-2 space-y-3">
        {troubles.map((trouble) => (
          <li key={trouble.id}>
            <p className="break-words">
              <strong>{KIND_WORDS[trouble.kind]}</strong> {`${trouble.where}${trouble.paused ? ' — paused: leads since wait for it' : ''}`}
            </p>
            <p className="text-sm break-words">{`Since ${formatTime(trouble.since)}. Last answer: ${trouble.lastError}`}</p>
            {trouble.paused && mayReenable ? <ReenableButton id={trouble.id} action={action} /> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function ReenableButton({ id, action }: { id: string; action: string }) {
  const fetcher = useFetcher<{ reenabled: string | null; waiting?: number; error: string | null }>()
  const done = fetcher.data?.reenabled === id
  return (
    <fetcher.Form method="post" action={action} className="mt-1 flex flex-wrap items-center gap-2">
      <input type="hidden" name="destination" value={id} />
      <button type="submit" className="button-quiet" disabled={fetcher.state !== 'idle'}>
        Re-enable
      </button>
      <span role="status" className={fetcher.data?.error ? 'text-sm text-red-800' : 'text-sm'}>
        {done ? `Re-enabled: ${fetcher.data?.waiting ?? 0} waiting lead(s) on their way.` : (fetcher.data?.error ?? '')}
      </span>
    </fetcher.Form>
  )
}
