import { useFetcher } from 'react-router'

/** Sends one lead again to its destinations (staff and admins); says what happened beside the button. */
export function ResendButton({ leadId, action }: { leadId: string; action?: string }) {
  const fetcher = useFetcher<{ resent: string | null; error: string | null }>()
  const done = fetcher.data?.resent === leadId
  return (
    <fetcher.Form method="post" action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="lead" value={leadId} />
      <button type="submit" className="button-quiet" disabled={fetcher.state !== 'idle'}>
        Resend
      </button>
      <span role="status" className={fetcher.data?.error ? 'text-sm text-red-800' : 'text-sm'}>
        {done ? 'Sent again: it is on its way.' : (fetcher.data?.error ?? '')}
      </span>
    </fetcher.Form>
  )
}
