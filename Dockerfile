# Nashr: one image for the web process (`npm start`) and the workers (`npm run worker`).
# Multi-stage: dependencies and the client build happen in throwaway stages; the final image holds the
# production dependencies, the sources (run by tsx), the migrations and the built client, and runs as
# the unprivileged `node` user.

FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json package-lock.json vite.config.ts tsconfig.json ./
COPY src ./src
COPY migrations ./migrations
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
CMD ["npm", "start"]
