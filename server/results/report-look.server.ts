import sharp from 'sharp'
import { langOf } from '#app/i18n/strings.ts'
import type { PageRecord } from '#app/record/schema.ts'
import { pageTitles } from '#app/record/site-paths.ts'
import type { Theme } from '#app/record/theme.ts'
import type { ImageStore } from '../images/image-store.server.ts'
import { storedPicture } from '../images/stored-picture.server.ts'
import type { ReportLang } from './results-report-words.ts'

/**
 * How a site's report looks: its language, business name, colours and logo, from its record. The
 * server reads the record it serves and the logo its image pipeline made; the CLI reads the last
 * good record on disk or the provider's (server/cli/results-cli.ts).
 */
export interface ReportLook {
  lang: ReportLang
  businessName: string
  styles?: Theme
  /** The logo as a small PNG (mail clients that show pictures all show PNG), never its URL. */
  logoPng?: Buffer
  /** The record's page titles by path (its services' and landings' names): the report names pages by them. */
  pageTitles?: Record<string, string>
}

const LOGO_WIDTH = 320

/** A logo's bytes as the report's PNG: at most 320 px wide, metadata gone. */
export const logoPng = (bytes: Buffer) =>
  sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize({ width: LOGO_WIDTH, withoutEnlargement: true }).png().toBuffer()

export const pngDataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`

/** The look of a site with `record` (its id as the name and the theme's colours without one). */
export function lookOf(record: PageRecord | null, id: string, logo?: Buffer): ReportLook {
  if (!record) return { lang: 'en', businessName: id }
  return {
    lang: langOf(record.labels.formLabel),
    businessName: record.dbPrincipal.name || id,
    styles: record.styles,
    logoPng: logo,
    pageTitles: pageTitles(record),
  }
}

/** The look of a site the server serves: its current record, and its logo from the image store when it is ready (no request). */
export async function servedLook(record: PageRecord | null, id: string, images: ImageStore): Promise<ReportLook> {
  const bytes = record?.dbPrincipal.logo
    ? await storedPicture(images, id, record.dbPrincipal.logo, {
        pickWidth: (widths) => widths.findLast((w) => w <= LOGO_WIDTH) ?? widths[0]!,
        format: 'fallback',
      })
    : undefined
  const logo = bytes && (await logoPng(bytes).catch(() => undefined))
  return lookOf(record, id, logo)
}
