import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { findUsView } from '#app/record/page-views.ts'
import { FindUsOnPage } from '#app/sections/find-us-on-page.server.tsx'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/find-us-on'

/** Nothing on this page runs in the browser: the loader renders it all (see StaticBlock). */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  return { page: staticBlocksOf(context)(<FindUsOnPage {...findUsView(record)} />) }
}

// Every block is static: the page sends no JavaScript.
export const handle: PageHandle = { page: 'Find Us On', scripts: false }

export const shouldRevalidate = revalidateOnlyWhenAsked
/** The "link in bio" page: its own head, none of the shared layout (see routes.ts). */
export default function FindUsOn({ loaderData }: Route.ComponentProps) {
  return <StaticBlock block={loaderData.page} />
}
