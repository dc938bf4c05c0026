// Writes app/ui/icon-sprite.svg: one <symbol> per icon named in app/ui/icon-names.json, drawn from
// the Font Awesome packages. Pages reference it with <use href>, so no icon is in the JavaScript
// or repeated in the HTML. Run after changing icon-names.json: node scripts/build-icon-sprite.mjs
import fs from 'node:fs'
import * as brands from '@fortawesome/free-brands-svg-icons'
import * as solid from '@fortawesome/free-solid-svg-icons'

export const namesFile = new URL('../app/ui/icon-names.json', import.meta.url)
export const spriteFile = new URL('../app/ui/icon-sprite.svg', import.meta.url)

/** Every Font Awesome icon we may name, by export name (looked up by a string from the JSON file). */
const icons = /** @type {Record<string, import('@fortawesome/free-solid-svg-icons').IconDefinition | undefined>} */ (
  /** @type {unknown} */ ({ ...brands, ...solid })
)

/**
 * The sprite's text for a map of our icon names to Font Awesome export names.
 * @param {Record<string, string>} names
 */
export function iconSprite(names = JSON.parse(fs.readFileSync(namesFile, 'utf8'))) {
  const symbols = Object.entries(names).map(([name, exportName]) => {
    const definition = icons[exportName]
    if (!definition) throw new Error(`icon-names.json: ${name} → ${exportName} is not a Font Awesome icon`)
    const [width, height, , , path] = definition.icon
    const paths = (Array.isArray(path) ? path : [path]).map((d) => `<path d="${d}"/>`).join('')
    return `<symbol id="${name}" viewBox="0 0 ${width} ${height}">${paths}</symbol>`
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" fill="currentColor">${symbols.join('')}</svg>\n`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(spriteFile, iconSprite())
  console.info(`wrote ${spriteFile.pathname}`)
}
