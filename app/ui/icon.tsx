import type { IconDefinition } from '@fortawesome/free-solid-svg-icons'

type Props = { icon: IconDefinition; className?: string; title?: string }

/** A Font Awesome icon as inline SVG: no icon font, no CDN. Decorative unless given a title. */
export function Icon({ icon, className = 'size-4', title }: Props) {
  const [width, height, , , path] = icon.icon
  const paths = Array.isArray(path) ? path : [path]
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      fill="currentColor"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
