import { VARIANT_WIDTHS } from './image-variants.ts'
import { pixelsToFill } from './picture-density.ts'

/**
 * The places record pictures are drawn in that are not covers (a cover is cropped to fill its box),
 * each at its largest, in CSS px: a width for a picture its place's width sizes, a height for one
 * drawn at a fixed height (logos). The components draw them at these sizes, and the record report
 * says which pictures hold too few pixels to fill them (they are drawn smaller: picture-density.ts).
 */
export const FIND_US_LINK_WIDTH = {
  /** The /find-us-on card is at most 28rem wide, 1rem in from the screen's edges, with 1.25rem of padding (2rem from sm). */
  full: { phone: 408, wide: 384 },
  /** Half of it, less the gap, in a two-column grid. */
  half: { phone: 198, wide: 186 },
}
export const LOGO_HEIGHT = { header: 48, findUsOn: 56 }
export const PAYMENT_IMAGE_HEIGHT = 32
export const BRANDING_WIDTH = 800

type Place = { field: RegExp; place: string; width?: number; height?: number }

const PLACES: Place[] = [
  { field: /^gmb\.img$/, place: 'the business profile link on /find-us-on', width: FIND_US_LINK_WIDTH.full.phone },
  {
    field: /^dbSocialMedia\.(directorios|redes)\[\d+\]\.image$/,
    place: 'a directory or social link on /find-us-on',
    width: FIND_US_LINK_WIDTH.half.phone,
  },
  { field: /^dbPrincipal\.logo$/, place: 'the logo (header, estimate window, /find-us-on)', height: LOGO_HEIGHT.findUsOn },
  { field: /^tiposPago\[\d+\]\.img$/, place: 'the payment methods in the footer', height: PAYMENT_IMAGE_HEIGHT },
  { field: /^brandingExtra\[\d+\]\.img$/, place: 'the branding block', width: BRANDING_WIDTH },
]

export type SmallPicture = { field: string; place: string; upload: { width: number; height: number } }

/**
 * The places `pixels` are too few to fill on a 2x screen, each with the size to upload (its shape
 * kept; never wider than the widest variant made, VARIANT_WIDTHS); none when the field has no such place.
 */
export function smallForPlace(field: string, pixels: { width: number; height: number }): SmallPicture | undefined {
  const place = PLACES.find((p) => p.field.test(field))
  if (!place || !pixels.width || !pixels.height) return undefined
  const aspect = pixels.width / pixels.height
  const widest = VARIANT_WIDTHS.at(-1)!
  const width = Math.min(widest, place.width ? pixelsToFill(place.width) : Math.ceil(pixelsToFill(place.height!) * aspect))
  const upload = { width, height: Math.ceil(width / aspect) }
  return pixels.width < upload.width ? { field, place: place.place, upload } : undefined
}
