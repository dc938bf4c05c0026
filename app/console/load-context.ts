import type { ConsoleContext } from '#server/console/console-context.ts'

// The console's loaders and actions are given the console's context (server/console/console-server.server.ts).
declare module 'react-router' {
  interface AppLoadContext {
    console: ConsoleContext
  }
}
