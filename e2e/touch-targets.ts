import { expect, type Page } from '@playwright/test'

/** WCAG 2.5.8's minimum, in CSS px (half a pixel allowed for sub-pixel layout). */
const MIN = 24
const SLACK = 0.5

/**
 * Every link, button and control the visitor can see is a target of at least 24 × 24 CSS px, or a
 * link inside a sentence (2.5.8's inline exception). Stricter than 2.5.8 on purpose: its other way
 * out, room around a smaller target, depends on what is next to it, and a sticky header scrolling
 * over a row of links takes that room away (issue 38 found the footer's links failing so); axe's
 * `target-size` judges the room at one scroll position only. A target's area is what a tap on it
 * reaches: a checkbox's label, a card's stretched link (`::after` covering its positioned ancestor).
 * Fails softly, with the list, like the axe check it runs beside.
 */
export async function expectTouchTargets(page: Page, label: string, include?: string) {
  const small = await page.evaluate(
    ({ min, slack, include }) => {
      // With a modal dialog open, the page behind it is inert: only the dialog can be aimed at.
      const scope = include ? document.querySelector(include) : (document.querySelector('dialog:modal') ?? document.body)
      const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [tabindex="0"]'
      const visible = (element: Element) => {
        const box = element.getBoundingClientRect()
        const style = getComputedStyle(element)
        // Visually hidden (`sr-only`: a skip link until it is focused) is clipped away: nobody aims at it.
        const clipped = style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)'
        return (
          box.width > 1 && box.height > 1 && !clipped && style.visibility !== 'hidden' && !element.closest('[inert], [aria-hidden="true"]')
        )
      }
      /** A link inside running text: inline, with words of its own block around it. */
      const inSentence = (element: Element) => {
        if (!getComputedStyle(element).display.startsWith('inline')) return false
        const block = element.parentElement?.closest('p, li, dd, td, figcaption, blockquote')
        const around = (block?.textContent ?? '').replace(element.textContent ?? '', '')
        return /\p{L}{2}/u.test(around)
      }
      /** The areas a tap on the element reaches: its own box, its label's, or what its stretched `::after` covers. */
      const areas = (element: Element): DOMRect[] => {
        const boxes = [element.getBoundingClientRect()]
        const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : []
        boxes.push(...labels.map((label) => label.getBoundingClientRect()))
        const after = getComputedStyle(element, '::after')
        if (after.position === 'absolute' && after.content !== 'none' && after.inset === '0px') {
          let holder = element.parentElement
          while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement
          if (holder) boxes.push(holder.getBoundingClientRect())
        }
        return boxes
      }
      const bigEnough = (box: DOMRect) => box.width >= min - slack && box.height >= min - slack
      const describe = (element: Element, box: DOMRect) => {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
        const where = element.closest('header, footer, nav, dialog, aside, [popover], section, main')
        return `<${element.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)} px in ${where?.tagName.toLowerCase() ?? 'body'}`
      }
      return [...(scope?.querySelectorAll(controls) ?? [])]
        .filter((element) => visible(element) && !inSentence(element))
        .filter((element) => !areas(element).some(bigEnough))
        .map((element) => describe(element, element.getBoundingClientRect()))
    },
    { min: MIN, slack: SLACK, include },
  )
  expect.soft(small, `targets under ${MIN} × ${MIN} px on ${label}`).toEqual([])
}
