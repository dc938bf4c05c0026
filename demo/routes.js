/** Every screen of the spec, at the demo record's own paths (a service, a landing): what benches, screenshots and axe visit. */
export const demoRoutes = [
  '/',
  '/about',
  '/services',
  '/wood-fence-installation',
  '/gallery',
  '/gallery/cedar-fences',
  '/reviews',
  '/our-videos',
  '/contact',
  '/find-us-on',
]
