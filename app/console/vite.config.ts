import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

// The console's own project (react-router.config.ts beside this file): built into build/console by
// `react-router build app/console`, apart from the site's pages, budgets and chunks.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // build/console is outside this folder: Vite empties it only when asked, and stale files would pile up.
  build: { emptyOutDir: true },
})
