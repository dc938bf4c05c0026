import { Icon } from '#app/ui/icon.tsx'

/** A service's bullet points, each behind a check mark. */
export function BulletList({ items }: { items: string[] }) {
  if (!items.length) return null
  return (
    <ul className="mt-6 space-y-2.5">
      {items.map((item, index) => (
        <li key={`${index}-${item}`} className="flex items-start gap-3">
          <Icon icon="check" className="mt-1 size-4 shrink-0 text-secondary-ink" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}
