import type { Route } from './+types/visitor-data-json'
import { readForm, requireAgency } from '#server/console/authorize.server.ts'
import { visitorAction } from '#server/console/visitor-data-page.server.ts'

/** The visitor's data as a JSON file (the "Download as JSON" button): a resource route, so the file is the answer. */
export async function action({ request, context }: Route.ActionArgs) {
  const { person } = await requireAgency(context.console, request)
  const form = await readForm(request)
  form.set('intent', 'json')
  const answer = await visitorAction(context.console, person, form)
  if ('download' in answer) return answer.download
  return new Response('error' in answer ? answer.error : 'Not found.', {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

export function loader(): never {
  throw new Response('Not found.', { status: 404 })
}
