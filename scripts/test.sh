#!/usr/bin/env bash
# The whole test suite: lint, typecheck, unit and API tests (on PGlite, and again on the PostgreSQL
# server when DATABASE_URL is set), the production build, the deployment test (with DATABASE_URL,
# nginx and pgbouncer) and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf reports && mkdir -p reports

# Each stage prints when it starts and how long the one before took, so the CI log shows where time goes.
started=$SECONDS
stage=""
step() {
  [ -n "$stage" ] && printf '== %s took %ss\n' "$stage" "$((SECONDS - started))"
  stage="$1"
  started=$SECONDS
  printf '\n== %s\n' "$1"
}

step "Lint (Biome)"
npx biome check .

step "Typecheck (tsc strict)"
npx tsc -p tsconfig.json

# The API tests keep their apps' log lines here, at info; the stage after them fails on personal data.
export TEST_LOG_DIR="$PWD/reports/logs"

step "Unit and API tests on embedded PostgreSQL (PGlite)"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest-pglite.json

if [ -n "${DATABASE_URL:-}" ]; then
  step "API tests on the PostgreSQL server (DATABASE_URL)"
  TEST_DB=pg npx vitest run --project api --reporter=default --reporter=json --outputFile.json=reports/vitest-pg.json
fi

step "Logs of the API tests: no PAN, Aadhaar or account number"
node scripts/check-logs.mjs "$TEST_LOG_DIR"

step "Build the web app"
npm run build

# The deployment of deploy/ (PgBouncer in transaction mode, two API processes, a worker, nginx over
# HTTPS) started and used end to end; it needs a PostgreSQL server and Debian's nginx and pgbouncer.
if [ -n "${DATABASE_URL:-}" ] && command -v nginx >/dev/null 2>&1 && command -v pgbouncer >/dev/null 2>&1; then
  step "Deployment test (nginx, PgBouncer, two API processes, a job worker)"
  npm run test:deploy
fi

step "Browser tests (Playwright, Chromium)"
npx playwright test

step "Summary"
node scripts/summary.mjs
printf '== whole suite took %ss\n' "$SECONDS"
