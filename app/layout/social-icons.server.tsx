import type { SocialLink } from '#app/record/schema.ts'
import { Icon, type IconName } from '../ui/icon.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

/** The Font Awesome brand names records use; only these are bundled, anything else gets a link icon. */
const brands: Record<string, IconName> = {
  facebook: 'facebook',
  'facebook-f': 'facebook',
  'facebook-square': 'facebook',
  instagram: 'instagram',
  google: 'google',
  yelp: 'yelp',
  youtube: 'youtube',
  tiktok: 'tiktok',
  'x-twitter': 'x-twitter',
  twitter: 'x-twitter',
  linkedin: 'linkedin',
  'linkedin-in': 'linkedin',
  pinterest: 'pinterest',
  houzz: 'houzz',
  whatsapp: 'whatsapp',
  threads: 'threads',
  snapchat: 'snapchat',
}

/** "fab fa-facebook-f", "fa-facebook" or "Facebook" → its brand icon. */
export function brandIcon(name: string): IconName {
  const key = name.toLowerCase().trim().split(/\s+/).pop()!.replace(/^fa-/, '')
  return brands[key] ?? 'link'
}

type Props = { links: Pick<SocialLink, 'name' | 'url' | 'icon'>[]; className?: string; iconClassName?: string }

/** Social links as icon buttons, each named for screen readers by its network. */
export function SocialIcons({ links, className = 'flex gap-2', iconClassName = 'size-4' }: Props) {
  const usable = links.filter((l) => l.url)
  const t = useStrings()
  if (!usable.length) return null
  return (
    <ul className={className}>
      {usable.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            data-social="1"
            className="grid size-9 place-items-center rounded-full transition-colors hover:bg-white/15"
          >
            <Icon icon={brandIcon(link.icon || link.name)} className={iconClassName} />
            <span className="sr-only">
              {link.name || link.icon || t.a11y.socialProfile} {t.a11y.opensInNewTab}
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}
