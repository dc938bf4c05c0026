import { useEffect, useState } from 'react'

/**
 * A button that runs a passkey ceremony, then goes where the console says (a full page load: the new
 * session's cookie is read by every loader). Passkeys need the page's script: until it runs the button is
 * disabled, and without script the page says so.
 */
export function PasskeyButton({ label, run }: { label: string; run: () => Promise<string> }) {
  const [ready, setReady] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  useEffect(() => setReady(typeof PublicKeyCredential === 'function'), [])
  async function onClick() {
    setBusy(true)
    setError('')
    try {
      window.location.assign(await run())
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setBusy(false)
    }
  }
  return (
    <div className="mt-6">
      <button type="button" className="button w-full sm:w-auto" disabled={!ready || busy} onClick={() => void onClick()}>
        {label}
      </button>
      <noscript>
        <p className="mt-3 text-red-800">Passkeys need this page’s script: turn JavaScript on, then reload.</p>
      </noscript>
      <p role="alert" className="mt-3 text-red-800">
        {error}
      </p>
      {busy ? (
        <p role="status" className="mt-3 muted">
          Follow your browser’s passkey prompt…
        </p>
      ) : null}
    </div>
  )
}
