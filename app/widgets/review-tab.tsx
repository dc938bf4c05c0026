import { Link } from 'react-router'
import { Icon } from '#app/ui/icon.tsx'

/**
 * A vertical "Reviews" tab on the right edge. Only on wide screens, where it sits in the page
 * margin; on narrower ones the widget menu carries the same link, so no content is covered.
 */
export function ReviewTab() {
  return (
    <Link
      to="/reviews"
      aria-label="Customer reviews"
      className="fixed right-0 top-1/2 z-30 hidden -translate-y-1/2 items-center gap-2 rounded-l-lg bg-secondary px-2 py-4 text-sm font-bold tracking-wide text-white shadow-lg transition-[padding] [writing-mode:vertical-rl] hover:pr-3 xl:flex"
    >
      <Icon icon="star" className="size-3.5" />
      Reviews
    </Link>
  )
}
