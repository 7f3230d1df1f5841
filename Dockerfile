# Production image: Next's standalone output plus a bundled start-up step
# (scripts/prepare.ts) that validates the configuration (lib/env.ts), migrates
# and seeds an empty database. One container per environment; point
# DATABASE_URL at PostgreSQL and give every container the same AUTH_SECRET and
# SECRETS_ENCRYPTION_KEY (both required: NODE_ENV=production; the container
# stops before migrating without them), SMTP_URL (start-up warns without it) and TRUST_PROXY_HOPS (the number
# of proxies in front that append to X-Forwarded-For).
#
# There is no Docker daemon on the CI machines: CI proves this layout instead
# (scripts/ci/image-layout.mjs reads the COPY lines, ENV and CMD of the final
# stage below, copies the same files into an empty folder and runs two such
# "containers" against PostgreSQL). Keep the final stage in that form.
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 NEXT_OUTPUT=standalone
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm install --no-audit --no-fund
COPY . .
# build:prepare (package.json) bundles scripts/prepare.ts with esbuild; CI runs the same script.
RUN npx next build && npm run build:prepare

FROM node:22-bookworm-slim
# ffmpeg and ffprobe (creative uploads, HLS conversion) decode media strangers
# send: Debian's maintained build, kept current by its security updates (a
# build older than 2023 is refused, lib/creatives/media/media-tool.ts).
# prlimit (util-linux) and nice (coreutils), which confine every run, are in
# the base image. scripts/ci/image-layout.mjs checks the paths below run.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
ENV FFMPEG_PATH=/usr/bin/ffmpeg FFPROBE_PATH=/usr/bin/ffprobe
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/dist/prepare.cjs ./dist/prepare.cjs
# Stored files must be reachable from every container: a feed uploaded to one
# may be parsed by the job worker of another, an image served by any of them.
# Either STORAGE_URL=s3://bucket/prefix (an S3-compatible bucket; the AWS SDK
# is in the standalone output) or STORAGE_DIR (default .data/uploads) on a
# volume shared by all containers.
RUN mkdir -p .data && chown node:node .data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["sh", "-c", "node dist/prepare.cjs && exec node server.js"]
