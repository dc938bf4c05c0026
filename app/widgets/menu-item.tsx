import { Icon, type IconName } from '#app/ui/icon.tsx'
import { replayedOnceHydrated } from '#app/ui/deferred.tsx'

const itemClass = 'peer grid size-12 place-items-center rounded-full shadow-lg ring-2 ring-white transition-transform hover:scale-105'

type Common = { label: string; icon: IconName; color: string; showTooltip: boolean; className?: string }
type Props = Common & ({ to: string } | ({ to?: undefined } & React.ButtonHTMLAttributes<HTMLButtonElement>))

/** A round widget button (or link) with its name as a tooltip on hover and keyboard focus. */
export function MenuItem({ label, icon, color, showTooltip, className = '', ...rest }: Props) {
  const content = (
    <>
      <Icon icon={icon} className="size-5" />
      <span className="sr-only">{label}</span>
    </>
  )
  const classes = `${itemClass} ${color}`
  return (
    <li className={`relative ${className}`}>
      {rest.to !== undefined ? (
        <a href={rest.to} className={classes}>
          {content}
        </a>
      ) : (
        <button type="button" {...replayedOnceHydrated} {...rest} className={classes}>
          {content}
        </button>
      )}
      {showTooltip ? (
        <span aria-hidden="true" className="widget-tip">
          {label}
        </span>
      ) : null}
    </li>
  )
}
