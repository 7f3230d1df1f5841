#!/usr/bin/env bash
# Writes prisma/migrations/<timestamp>_<name>/migration.sql from the difference
# between prisma/schema.prisma as committed (HEAD) and as it is in the work tree.
# (Prisma's own `migrate dev` needs a shadow database the offline WASM engine
# cannot manage here; see ../shared/stack-facts.md.)
set -euo pipefail
name=${1:?usage: scripts/new-migration.sh <name>}
cd "$(dirname "$0")/.."
old=$(mktemp --suffix=.prisma)
git show HEAD:prisma/schema.prisma > "$old"
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
CHECKPOINT_DISABLE=1 npx prisma migrate diff --from-schema-datamodel "$old" --to-schema-datamodel prisma/schema.prisma --script > "$dir/migration.sql"
rm -f "$old"
CHECKPOINT_DISABLE=1 npx prisma generate >/dev/null
echo "wrote $dir/migration.sql"
