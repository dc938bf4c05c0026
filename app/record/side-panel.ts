import type { SocialLink } from './schema.ts'

/** Spec: the service side panel lists social links only when more than one exists. */
export const SIDE_PANEL_MIN_SOCIAL_LINKS = 2

export function sidePanelSocialLinks(links: readonly SocialLink[]): SocialLink[] {
  const usable = links.filter((l) => l.url)
  return usable.length >= SIDE_PANEL_MIN_SOCIAL_LINKS ? usable : []
}
