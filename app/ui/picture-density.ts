/**
 * How a record picture smaller than its place is drawn (issue 38, decision 141): never stretched past
 * what its pixels hold. It gets at least one of its own pixels per device pixel, the screen's density
 * counted as Lighthouse's image-size-responsive counts it (1, 1.5, or 2 for anything denser), and is
 * rounded down to whole CSS pixels; app.css sets `--picture-density` by `min-resolution`. A picture
 * smaller than its place is then drawn smaller than it, and centred.
 */
export const PICTURE_DENSITIES = [1, 1.5, 2] as const

/** The pixels a picture needs to fill a place this many CSS px across on the densest screens counted (2x and up). */
export const pixelsToFill = (cssPx: number) => Math.ceil(cssPx * PICTURE_DENSITIES.at(-1)!)

/** A length of `pixels` image pixels drawn at the screen's density, in whole CSS px. */
const drawn = (pixels: number) => `round(down, ${pixels}px / var(--picture-density), 1px)`

/**
 * The inline style that holds a picture to what its pixels hold: one drawn at a fixed CSS height
 * (`displayHeight`: logos) gets at most that height; one drawn by its place's width gets its pixels'
 * width, at most 100% (a caller whose place is narrower says so with its own `maxWidth`). Pictures drawn
 * with object-fit: cover are cropped to fill their box and are not held here.
 */
export function withinPixels(pixels: { width: number; height: number }, displayHeight?: number): React.CSSProperties {
  return displayHeight === undefined
    ? { width: drawn(pixels.width), maxWidth: '100%' }
    : { height: `min(${displayHeight}px, ${drawn(pixels.height)})` }
}
