type Props = {
  title: string
  eyebrow?: string
  id?: string
  align?: 'center' | 'left'
  tone?: 'dark' | 'light'
  level?: 2 | 3
  /** The title's language when it differs from the page's (a title the spec fixes in English). */
  titleLang?: string
  children?: React.ReactNode
}

/** The one section heading: a small eyebrow, the title, an accent underline, an optional lead paragraph. */
export function SectionHeading({ title, eyebrow, id, align = 'center', tone = 'dark', level = 2, titleLang, children }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const centered = align === 'center'
  return (
    <div className={`mb-10 sm:mb-12 ${centered ? 'mx-auto max-w-3xl text-center' : 'max-w-2xl'}`}>
      {eyebrow ? (
        <p
          className={`mb-2 text-sm font-bold uppercase tracking-[0.18em] ${tone === 'light' ? 'text-on-third-soft' : 'text-secondary-ink'}`}
        >
          {eyebrow}
        </p>
      ) : null}
      <Heading id={id} lang={titleLang} className={`text-3xl leading-tight sm:text-4xl ${tone === 'light' ? 'text-on-third' : ''}`}>
        {title}
      </Heading>
      <span aria-hidden="true" className={`mt-4 block h-1 w-16 rounded-full bg-secondary ${centered ? 'mx-auto' : ''}`} />
      {children ? <div className={`mt-5 text-lg leading-relaxed ${tone === 'light' ? 'text-on-third-soft' : ''}`}>{children}</div> : null}
    </div>
  )
}
