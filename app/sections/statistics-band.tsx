import type { PageRecord } from '#app/record/schema.ts'
import { statisticsFor } from '#app/record/statistics.ts'
import { CountUp } from '#app/sections/count-up.tsx'
import { Icon, type IconName } from '#app/ui/icon.tsx'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'

const icons: Record<string, IconName> = {
  'Years Of Experience': 'award',
  'Best Service': 'star',
  'Cost-Effectiveness': 'thumbs-up',
  Professionals: 'user-group',
  'On Time': 'clock',
}

type Props = { principal: Pick<PageRecord['dbPrincipal'], 'exprYears' | 'miles' | 'location'> }

/** The statistics band of spec §9, counting up when it comes into view. */
export function StatisticsBand({ principal }: Props) {
  const t = useStrings()
  const fixedEnglish = useFixedEnglish()
  const statistics = statisticsFor(principal)
  return (
    <section aria-label={t.a11y.statistics} className="relative isolate overflow-hidden bg-main py-14 text-on-main sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_0%,rgba(255,255,255,0.14),transparent_55%)]"
      />
      <ul className="container-page grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-4">
        {statistics.map((stat) => (
          <li key={stat.label} className="flex flex-col items-center text-center">
            <span className="mb-4 grid size-14 place-items-center rounded-full bg-white/15 ring-1 ring-white/25">
              <Icon icon={icons[stat.label] ?? 'map-location-dot'} className="size-6" />
            </span>
            <CountUp value={stat.value} suffix={stat.suffix} className="text-4xl font-extrabold sm:text-5xl" />
            <span
              lang={fixedEnglish}
              className="mt-2 max-w-[26ch] text-sm text-balance font-semibold uppercase tracking-wider text-on-main-soft sm:text-base"
            >
              {stat.label}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
