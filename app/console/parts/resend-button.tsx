import { useFetcher } from 'react-router'
import type { DeliveryKind } from '#server/storage/lead-store.server.ts'

const KIND_LABELS: Record<DeliveryKind, string> = {
  relay: 'Resend to the relay',
  email: 'Resend the email',
  webhook: 'Resend to the webhooks',
}

/** Sends one lead again (staff and admins), to every destination or to one `kind`; says what happened beside the button. */
export function ResendButton({ leadId, kind, action }: { leadId: string; kind?: DeliveryKind; action?: string }) {
  const fetcher = useFetcher<{ resent: string | null; error: string | null }>()
  const done = fetcher.data?.resent === leadId
  return (
    <fetcher.Form method="post" action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="lead" value={leadId} />
      {kind ? <input type="hidden" name="kind" value={kind} /> : null}
      <button type="submit" className="button-quiet" disabled={fetcher.state !== 'idle'}>
        {kind ? KIND_LABELS[kind] : 'Resend'}
      </button>
      <span role="status" className={fetcher.data?.error ? 'text-sm text-red-800' : 'text-sm'}>
        {done ? 'Sent again: it is on its way.' : (fetcher.data?.error ?? '')}
      </span>
    </fetcher.Form>
  )
}
