import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
  // The links page has its own head and none of the shared layout.
  route('find-us-on', 'routes/find-us-on.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('api/visits', 'routes/api.visits.ts'),
  route('api/weather', 'routes/api.weather.ts'),
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('services', 'routes/services.tsx'),
    route('gallery', 'routes/gallery.tsx'),
    route('gallery/:id', 'routes/landing-gallery.tsx'),
    route('reviews', 'routes/reviews.tsx'),
    route('our-videos', 'routes/our-videos.tsx'),
    route('contact', 'routes/contact.tsx'),
    route(':id', 'routes/service-detail.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
