import { colorGroups, cssNamedColors } from '#app/record/css-named-colors.ts'
import { Dialog } from '#app/ui/dialog.tsx'
import { Icon } from '#app/ui/icon.tsx'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = { open: boolean; onClose: () => void }

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const grouped = colorGroups.map((group) => ({ group, colors: cssNamedColors.filter((c) => c.group === group) }))

/** The built-in colour reference: the CSS named colours by group, as an accordion where every group may be closed. */
export function ColorPaletteModal({ open, onClose }: Props) {
  const t = useStrings()
  const page = usePageStrings()
  // The group and colour names are the CSS keywords, English whatever the page's language.
  const fixedEnglish = useFixedEnglish()
  return (
    <Dialog open={open} onClose={onClose} title={t.a11y.palette} size="lg" closeLabel={t.a11y.closePalette}>
      <div className="px-5 py-5 sm:px-6">
        <p className="mb-4 text-sm">{page.sections.paletteLead}</p>
        <div className="divide-y divide-slate-200 overflow-hidden rounded-xl ring-1 ring-slate-200">
          {grouped.map(({ group, colors }, i) => (
            <details key={group} open={i === 0} className="group/details bg-white">
              <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-4 py-2.5 font-semibold text-heading hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                <span aria-hidden="true" className="flex -space-x-1.5">
                  {colors.slice(0, 5).map((c) => (
                    <span key={c.name} className="size-5 rounded-full ring-2 ring-white" style={{ backgroundColor: c.hex }} />
                  ))}
                </span>
                <span lang={fixedEnglish} className="flex-1">
                  {capitalize(group)}
                </span>
                <span className="text-sm font-normal text-paragraph">
                  {colors.length} <span className="sr-only">{t.a11y.colours}</span>
                </span>
                <Icon icon="chevron-down" className="size-3.5 transition-transform group-open/details:rotate-180" />
              </summary>
              <ul className="grid grid-cols-1 gap-2 px-4 pb-4 pt-1 min-[420px]:grid-cols-2 sm:grid-cols-3">
                {colors.map((c) => (
                  <li key={c.name} className="flex items-center gap-3 rounded-lg p-1.5 ring-1 ring-slate-200">
                    <span
                      aria-hidden="true"
                      className="size-9 shrink-0 rounded-md ring-1 ring-inset ring-black/10"
                      style={{ backgroundColor: c.hex }}
                    />
                    <span className="min-w-0 leading-tight">
                      <span lang={fixedEnglish} className="block truncate text-sm font-semibold text-heading">
                        {c.name}
                      </span>
                      <code className="text-xs text-paragraph">{c.hex}</code>
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </div>
      </div>
    </Dialog>
  )
}
