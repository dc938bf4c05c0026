import { Icon } from '#app/ui/icon.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

/**
 * A vertical "Reviews" tab on the right edge. Only on wide screens, where it sits in the page
 * margin; on narrower ones the widget menu carries the same link, so no content is covered.
 */
export function ReviewTab() {
  const t = useStrings()
  return (
    <a
      href="/reviews"
      aria-label={t.a11y.reviews}
      className="fixed right-0 top-1/2 z-30 hidden -translate-y-1/2 items-center gap-2 rounded-l-lg bg-secondary px-2 py-4 text-sm font-bold tracking-wide text-on-secondary shadow-lg transition-[padding] [writing-mode:vertical-rl] hover:pr-3 xl:flex"
    >
      <Icon icon="star" className="size-3.5" />
      {t.widgets.reviewsTab}
    </a>
  )
}
