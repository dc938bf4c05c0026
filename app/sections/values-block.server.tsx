import type { PageRecord } from '#app/record/schema.ts'
import { Icon, type IconName } from '#app/ui/icon.tsx'
import { SectionHeading } from './section-heading.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Value = PageRecord['dbValues'][number]

/** Each card gets an icon by position; the record's values carry no icon of their own. */
const valueIcons: IconName[] = ['shield-halved', 'medal', 'handshake', 'heart', 'lightbulb', 'scale-balanced']

/** The company's values as cards (title + description). */
export function ValueCards({ values }: { values: Value[] }) {
  const shown = values.filter((v) => v.title.trim() || v.description.trim())
  if (!shown.length) return null
  return (
    // Flex-wrap so a short last row sits centred; four values get four columns instead of 3 + 1.
    <ul className="flex flex-wrap justify-center gap-6">
      {shown.map((value, index) => (
        <li
          key={`${index}-${value.title}`}
          className={`group basis-full md:basis-[calc(50%-0.75rem)] ${shown.length === 4 ? 'xl:basis-[calc(25%-1.125rem)]' : 'lg:basis-[calc(33.333%-1rem)]'} rounded-2xl border-b-4 border-transparent bg-white p-8 shadow-lg ring-1 ring-black/5 transition hover:-translate-y-1 hover:border-secondary hover:shadow-xl`}
        >
          <span className="grid size-14 place-items-center rounded-xl bg-main text-on-main transition-colors group-hover:bg-secondary group-hover:text-on-secondary">
            <Icon icon={valueIcons[index % valueIcons.length]!} className="size-6" />
          </span>
          {value.title ? <h3 className="mt-6 text-xl">{value.title}</h3> : null}
          {value.description ? <p className="mt-3 leading-relaxed">{value.description}</p> : null}
        </li>
      ))}
    </ul>
  )
}

type BlockProps = { values: Value[]; title?: string; eyebrow?: string; id?: string }

/** A section holding the value cards under a heading. */
export function ValuesBlock({ values, title, eyebrow, id = 'values-heading' }: BlockProps) {
  const page = usePageStrings()
  if (!values.length) return null
  return (
    <section aria-labelledby={id} className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id={id} eyebrow={eyebrow ?? page.sections.ourValues} title={title ?? page.sections.whatWeStandFor} />
        <ValueCards values={values} />
      </div>
    </section>
  )
}
