import { useEffect, useState } from 'react'
import { Icon } from '#app/ui/icon.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

export const BACK_TO_TOP_THRESHOLD = 400

export function BackToTop() {
  const t = useStrings()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  if (!visible) return null
  return (
    <button
      type="button"
      onClick={() => {
        window.scrollTo({ top: 0 })
        document.querySelector<HTMLElement>('#top')?.focus({ preventScroll: true })
      }}
      className="fixed bottom-5 left-5 z-40 grid size-12 place-items-center rounded-full bg-btn text-on-btn shadow-lg hover:bg-btn-hover hover:text-on-btn-hover"
    >
      <Icon icon="arrow-up" className="size-5" />
      <span className="sr-only">{t.a11y.backToTop}</span>
    </button>
  )
}
