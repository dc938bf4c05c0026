// `npm run lint:layers`: the floors of docs/architecture.md, held. A room (a folder, or a named group of files) may
// import its own files and any room on a floor BELOW its own; never a room on its floor or above. Tests are not
// held (they set up whatever they need). To move a room, move its line: the rules are derived from this order.

/** Bottom first. Each floor: its name, why it is there, and its rooms (name → path patterns, from the repo's root). */
/** @type {Floor[]} */
const floors = [
  {
    floor: 'foundations',
    why: 'logs and start-up errors, HTML templates, the one outbound client, our words: they import nothing of ours',
    rooms: ['server/observability/', 'server/html/', 'server/outbound/', 'app/i18n/'],
  },
  {
    floor: 'memory',
    why: 'the bounds on what the process holds: the LRU bounded by bytes, and the guard that sheds caches near the heap limit',
    rooms: ['server/memory/'],
  },
  { floor: 'mail and ui', why: 'the one way out as email; the components every page uses', rooms: ['server/mail/', 'app/ui/'] },
  { floor: 'record', why: "the page record's schema and rules: what every page and the server's domains read", rooms: ['app/record/'] },
  {
    floor: 'forms, layout, weather',
    why: "the estimate form, the page frame and the weather, each reading the record's rules",
    rooms: ['app/forms/', 'app/layout/', 'server/weather/'],
  },
  {
    floor: 'storage and widgets',
    why: "every store's contract and its SQLite and PostgreSQL implementations; the floating widgets (they read the weather)",
    rooms: ['server/storage/', 'app/widgets/'],
  },
  {
    floor: 'config, pictures, visits, sections',
    why: "the environment parsed once (it reads storage's settings); pictures and visits, kept in storage; the page's sections (they open the widgets)",
    rooms: ['server/config/', 'server/images/', 'server/visits/', 'app/sections/'],
  },
  { floor: 'sites', why: 'the sites served, from the environment, a sites file or storage', rooms: ['server/sites/'] },
  {
    floor: 'leads and http',
    why: "a site's leads and their deliveries; what answers HTTP for a site",
    rooms: ['server/leads/', 'server/http/'],
  },
  {
    floor: 'results and records',
    why: 'results read leads and visits; a record reads pictures',
    rooms: ['server/results/', 'server/record/'],
  },
  {
    floor: 'services',
    why: 'the one place that wires the domains together, with the sites it holds in memory while visited',
    rooms: { services: ['server/services\\.server\\.ts$', 'server/held-site\\.server\\.ts$'] },
  },
  {
    floor: 'request path',
    why: 'every request judged first; the metrics read the wired services',
    rooms: { 'server/gate/': ['server/gate/'], metrics: ['server/metrics\\.server\\.ts$'] },
  },
  { floor: 'pages', why: 'the page cache and the React Router handler, after the gate', rooms: ['server/pages/'] },
  {
    floor: 'sites and console pages',
    why: "the site's routes and the console's server side, on everything below",
    rooms: {
      'app pages': ['app/routes/', 'app/root\\.tsx$', 'app/routes\\.ts$', 'app/entry\\.(server|client)\\.tsx$'],
      'server/console/': ['server/console/'],
    },
  },
  {
    floor: 'entry points',
    why: 'the console app, and what starts the process and the commands',
    rooms: { 'app/console/': ['app/console/'], entry: ['server/app\\.ts$', 'server/process/', 'server/cli/'] },
  },
]

/**
 * Known exceptions, each to be removed: `from` may import `to` although `to` stands higher.
 * services.server.ts makes the page cache (pages/page-cache, page-key) that the handler above the gate reads, and
 * held-site.server.ts drops a site's pages from it when the site is let go.
 */
const allowedUpward = [
  { from: 'server/services\\.server\\.ts$', to: 'server/pages/(page-cache|page-key)\\.server\\.ts$' },
  { from: 'server/held-site\\.server\\.ts$', to: 'server/pages/(page-cache|page-key)\\.server\\.ts$' },
]

/** @typedef {{ floor: string, why: string, rooms: string[] | Record<string, string[]> }} Floor */
/** @typedef {import('dependency-cruiser').IRegularForbiddenRuleType} Rule */

/** A floor's rooms as [name, path patterns]: a folder is its own name and pattern. */
const roomsOf = (/** @type {Floor} */ { rooms }) =>
  Array.isArray(rooms) ? rooms.map((path) => /** @type {[string, string[]]} */ ([path, [path]])) : Object.entries(rooms)
const anyOf = (/** @type {string[]} */ patterns) => `^(?:${patterns.join('|')})`
const testFile = '\\.test\\.tsx?$'

/** @type {(name: string, comment: string, from: Rule['from'], to: Rule['to']) => Rule} */
const rule = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to })

const forbidden = floors.flatMap((floor, level) =>
  roomsOf(floor).map(([room, paths]) => {
    const notBelow = floors
      .slice(level)
      .flatMap(roomsOf)
      .filter(([other]) => other !== room)
      .flatMap(([, patterns]) => patterns)
    const exceptions = allowedUpward.filter(({ from }) => paths.includes(from)).map(({ to }) => to)
    return rule(
      `layer ${floor.floor}: ${room}`,
      `${room} stands on the floor "${floor.floor}" (${floor.why}): it may import only rooms on floors below (docs/architecture.md, dependency-cruiser.config.mjs)`,
      { path: anyOf(paths), pathNot: testFile },
      { path: anyOf(notBelow), ...(exceptions.length ? { pathNot: anyOf(exceptions) } : {}) },
    )
  }),
)

// A new folder has no floor until it is given one here.
const everyRoom = floors.flatMap(roomsOf).flatMap(([, patterns]) => patterns)
forbidden.push(
  rule(
    'layer unplaced',
    'this file is in no room: put its folder on a floor in dependency-cruiser.config.mjs (and docs/architecture.md)',
    { path: '^(?:server|app)/', pathNot: [anyOf(everyRoom), testFile] },
    { path: '.' },
  ),
)

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden,
  options: {
    // Type-only imports and JSDoc `import()` types count: a type is a dependency too.
    tsPreCompilationDeps: true,
    detectJSDocImports: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)\\.react-router/' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default', 'types'] },
  },
}
