# The site's image (README "Deploying"). Built with every dependency; run with the production ones
# only, as an unprivileged user, started exactly as `npm start` starts it. These machines cannot pull
# images, so it is not built by the tests: tests/deploy.test.ts runs the same build and command
# (`npm run build`, `npm start`'s server/process/start.js) with Debian's packages.
ARG NODE_VERSION=20.20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
# Pictures a record names by path (the embedded demo's) are read from public/.
COPY --from=build /app/public ./public
# `npm start` rebuilds a build older than its sources; this one was made from them in this image, but
# copying may date a folder after it: mark it the newest, as it is. The last good records and the
# photos' variants live in DATA_DIR: a volume, owned by the user that runs.
RUN touch build/server/index.js && mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# /healthz answers 503 as soon as the server is told to stop, so an orchestrator stops sending first.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm passes SIGTERM on to the server, which drains before it exits (DRAIN_SECONDS).
CMD ["npm", "start"]
