import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

/**
 * The page came with only the rules its server markup uses, and the site's stylesheet disabled
 * (server/pages/page-css.server.ts): React may add classes as it hydrates or later, so the whole
 * stylesheet is enabled and waited for first. A stylesheet that fails to load still lets React start.
 */
function wholeStylesheet(): Promise<unknown> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]')
  if (!link) return Promise.resolve()
  return new Promise((resolve) => {
    link.addEventListener('load', resolve, { once: true })
    link.addEventListener('error', resolve, { once: true })
    link.disabled = false
  })
}

void wholeStylesheet().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  }),
)
