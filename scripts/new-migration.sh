#!/usr/bin/env bash
# Writes prisma/migrations/<timestamp>_<name>/migration.sql from the difference
# between the schema (prisma/schema/*.prisma) as committed (HEAD) and as it is
# in the work tree. (Prisma's own `migrate dev` needs a shadow database the
# offline WASM engine cannot manage here; see ../shared/stack-facts.md.)
set -euo pipefail
name=${1:?usage: scripts/new-migration.sh <name>}
cd "$(dirname "$0")/.."
old=$(mktemp -d)
git archive HEAD prisma/schema | tar -x -C "$old"
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
CHECKPOINT_DISABLE=1 npx prisma migrate diff --from-schema-datamodel "$old/prisma/schema" --to-schema-datamodel prisma/schema --script > "$dir/migration.sql"
rm -rf "$old"
CHECKPOINT_DISABLE=1 npx prisma generate >/dev/null
echo "wrote $dir/migration.sql"
