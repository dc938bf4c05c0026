import { telHref } from '#app/record/contact-links.ts'

type Props = { dial: string; className?: string; textClassName?: string; children: React.ReactNode }

/**
 * A phone as the record typed it: a tel: link when the server found a number to dial (`dial`,
 * app/record/record-phones.ts), else the same words as plain text (`textClassName`, without the
 * link's hover styles).
 */
export function PhoneLink({ dial, className, textClassName, children }: Props) {
  return dial ? (
    <a href={telHref(dial)} className={className}>
      {children}
    </a>
  ) : (
    <span className={textClassName}>{children}</span>
  )
}
