// `npm run lint:cycles`: no import cycle, type-only and dynamic imports included (a cycle means two
// modules that are really one, or a view that reaches back into the route that renders it).
import type { Config } from 'dpdm'

export default {
  files: ['app/root.tsx', 'app/routes/**/*.{ts,tsx}', 'server/**/*.{ts,js}'],
  transform: false, // type imports count
  tree: false,
  progress: false,
  exitCode: 'circular:1',
  // Generated route types, Vite's `?url` assets and the build's virtual module exist only at build time.
  ignoreMissWarning: ['/\\+types/', '\\?url$', '^virtual:'],
  ignoreSkipWarning: ['node_modules'],
} satisfies Config
