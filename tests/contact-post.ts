import type { startSite } from './site-server.ts'

type Site = Awaited<ReturnType<typeof startSite>>

/** A small contractor's record for the server tests; leads go to `linkPostEmail` when given. */
export const acmeRecord = (linkPostEmail?: string) => ({
  dbPrincipal: { name: 'Acme Fence', logo: 'https://cdn.example/logo.png', emails: [{ email: 'owner@acme.example' }] },
  dbServices: [{ name: 'Wood Fence' }, { name: 'Decks' }],
  labels: { formLabel: { tcheckphone: 'Phone call', tcheckcorreo: 'Email', isenglish: true } },
  linkPostEmail,
})

/** A valid estimate request for acmeRecord. */
export const validLead = {
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phone: '(720) 555-0101',
  address: '12 Elm St',
  service: 'Decks',
  contactWays: ['phone', 'email'],
  message: '',
}

/**
 * Posts the contact form as a browser without JavaScript would from one of the site's pages
 * (a same-origin post), from the client IP given in X-Forwarded-For, if any (the site runs with TRUST_PROXY).
 */
export function contactPoster(site: Site) {
  return (form: Record<string, string | string[]>, ip?: string) => {
    const body = new URLSearchParams()
    for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one)
    return site.get('/contact', {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: site.url,
        'Sec-Fetch-Site': 'same-origin',
        ...(ip ? { 'X-Forwarded-For': ip } : {}),
      },
    })
  }
}
