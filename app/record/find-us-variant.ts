import type { PageRecord } from './schema.ts'

export type FindUsVariant = 'images' | 'buttons'

type Source = Pick<PageRecord, 'gmb' | 'dbSocialMedia'>

/** The links page shows its picture variant when the record has pictures for it (business profile, directories or socials). */
export function findUsVariant({ gmb, dbSocialMedia }: Source): FindUsVariant {
  const linkedImage = (entry: { url: string; image: string }) => Boolean(entry.url && entry.image)
  const hasImages = Boolean(gmb.link && gmb.img) || dbSocialMedia.directorios.some(linkedImage) || dbSocialMedia.redes.some(linkedImage)
  return hasImages ? 'images' : 'buttons'
}

/** Directory (or social) entries that can be linked, each with its best label. */
export function linkableEntries<T extends { url: string; name: string }>(entries: readonly T[]) {
  return entries.filter((e) => e.url).map((e) => ({ ...e, label: e.name.trim() || hostOf(e.url) || 'Link' }))
}

const hostOf = (url: string) => (/^https?:/i.test(url) ? new URL(url).hostname.replace(/^www\./, '') : '')
