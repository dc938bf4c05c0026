import type { Config } from '@react-router/dev/config'

/** The agency's console (issue 35): a second React Router project in this folder, built into build/console. */
export default {
  appDirectory: '.',
  buildDirectory: '../../build/console',
  ssr: true,
} satisfies Config
