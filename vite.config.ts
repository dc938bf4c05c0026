import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // The SSR bundle's entry is our Express app, which imports the React Router build.
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
  },
}))
