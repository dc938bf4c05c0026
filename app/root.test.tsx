import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ErrorBoundary } from './root.tsx'

test("a site route's failure shows the visitor the error page: never the error's message or stack", () => {
  const error = new Error('SECRET_DETAIL at /srv/app/server/leads.ts:12\n    at handler (/srv/app/build/server/index.js:1:1)')
  const html = renderToStaticMarkup(<ErrorBoundary error={error} params={{}} loaderData={undefined} />)
  expect(html).toContain('Something went wrong')
  expect(html).not.toMatch(/SECRET_DETAIL|\/srv\/app|index\.js/)
})
