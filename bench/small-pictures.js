// A record whose pictures are smaller than their places (issue 38): the demo record with a 240 × 80
// business-profile picture (drawn up to 408 px wide), a 64 × 64 logo (drawn 48–56 px tall) and a 64 × 64
// directory badge (drawn up to 198 px wide), all from the demo's own files so no image host is needed.
import fs from 'node:fs'

export function smallPicturesRecord() {
  const demo = JSON.parse(fs.readFileSync(new URL('../demo/record.json', import.meta.url), 'utf8'))
  demo.gmb.img = '/demo/images/dir-angi-600.webp'
  demo.dbPrincipal.logo = '/demo/images/favicon.png'
  demo.dbSocialMedia.directorios[0].image = '/demo/images/favicon.png'
  return demo
}
