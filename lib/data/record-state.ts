// The state columns every editable entity has (active, archived, timestamps,
// version), as plain JSON for client components and the REST views.

interface StatefulRow {
  active: boolean;
  isArchived: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export function plainRecordState(row: StatefulRow) {
  return {
    active: row.active,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    /** Sent back with an edit for the optimistic-concurrency check. */
    version: row.version,
  };
}
