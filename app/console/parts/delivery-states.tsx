import type { Delivery } from '#server/console/lead-deliveries.server.ts'
import { formatTime } from './format.ts'

const KIND_WORDS: Record<string, string> = { relay: 'Relay', email: 'Email', webhook: 'Webhook' }
const STATE: Record<string, { words: string; className: string }> = {
  delivered: { words: 'delivered', className: 'bg-green-100 text-green-900' },
  pending: { words: 'sending', className: 'bg-amber-100 text-amber-900' },
  held: { words: 'held: no relay address', className: 'bg-slate-200 text-slate-900' },
  failed: { words: 'failed', className: 'bg-red-100 text-red-900' },
}

/** Where a lead went, one line per destination: its state, tries, last error, when it arrived (in the site's zone). */
export function DeliveryStates({ deliveries, timeZone }: { deliveries: Delivery[]; timeZone?: string }) {
  return (
    <ul className="grid gap-1">
      {deliveries.map((d, i) => {
        const state = STATE[d.state] ?? { words: d.state, className: 'bg-slate-200 text-slate-900' }
        return (
          <li key={`${d.kind}-${i}`} className="text-sm">
            <span className="font-semibold">{KIND_WORDS[d.kind] ?? d.kind}:</span>{' '}
            <span className={`badge ${state.className}`}>{state.words}</span>
            {d.deliveredAt ? <span className="muted"> {formatTime(d.deliveredAt, timeZone)}</span> : null}
            {d.attempts ? <span className="muted"> · {d.attempts === 1 ? '1 try' : `${d.attempts} tries`}</span> : null}
            {d.lastError && d.state !== 'delivered' ? (
              <span className="block break-words text-red-800">Last error: {d.lastError}</span>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
