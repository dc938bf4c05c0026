import spriteHref from './icon-sprite.svg?url'

/** Our icons, named in icon-names.json and drawn into icon-sprite.svg (scripts/build-icon-sprite.mjs). */
export type IconName = keyof typeof import('./icon-names.json')

type Props = { icon: IconName; className?: string; title?: string }

/**
 * An icon from the site's one sprite file (hashed, cached for a year): a few bytes of markup per
 * icon and no icon data in the JavaScript. The server points a page's icons at symbols it puts in
 * the page (server/pages/page-icons.server.ts); one React renders later is fetched from the file.
 * Decorative unless given a title.
 */
export function Icon({ icon, className = 'size-4', title }: Props) {
  return (
    <svg className={className} fill="currentColor" aria-hidden={title ? undefined : true} role={title ? 'img' : undefined}>
      {title ? <title>{title}</title> : null}
      <use href={`${spriteHref}#${icon}`} />
    </svg>
  )
}
