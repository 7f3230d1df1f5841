// The types of the tenant-scoped client (lib/data/tenant.ts). At run time the
// client sets the owning columns of every created row itself (ownRow: the
// session's licensee, and for per-user tables its user) and refuses a row
// naming another. Its types say the same: a create of a licensee-owned model
// needs no licenseeId, so a caller has no reason to spell one, and the only
// licensee a row can get is the session's.
import type { Prisma } from "../generated/prisma/client";
import type { MODEL_SCOPES, ModelScope } from "./tenant-models";

type ModelName = Prisma.ModelName;

/** The columns the client fills in on a created row of a model of this kind (ownerColumns in ./tenant.ts). */
export type OwnerColumns<K extends ModelScope["kind"]> = K extends "licensee"
  ? "licenseeId"
  : K extends "licensee-user"
    ? "licenseeId" | "userId"
    : K extends "user" | "user-or-shared"
      ? "userId"
      : never;

/** Owning columns by delegate key: "clickDestination" → "licenseeId". */
type DelegateOwners = { [M in ModelName as Uncapitalize<M>]: OwnerColumns<(typeof MODEL_SCOPES)[M]["kind"]> };

// One row of a create with its owning columns optional. They stay allowed
// for the writers that serve both the raw client and a tenant client (system
// activity rows of a sweep over every licensee, of a job for one): the tenant
// client refuses any value but the session's at run time. Prisma's create
// data is a union (checked | unchecked input, a row | rows): each member is
// relaxed alone, so the checked input still needs its relation objects.
type OwnedRow<R, C extends PropertyKey> = R extends unknown ? Omit<R, C> & { [K in C & keyof R]?: R[K] } : never;
type OwnedRows<R, C extends PropertyKey> = R extends readonly (infer E)[] ? OwnedRow<E, C>[] : OwnedRow<R, C>;

/** Create arguments whose rows (`data`; an upsert's `create`) may leave out the owning columns. */
type OwnedArgs<A, C extends PropertyKey> = { [K in keyof A]: K extends "data" | "create" ? OwnedRows<A[K], C> : A[K] };

type Args<D, F extends "create" | "createMany" | "createManyAndReturn" | "upsert", C extends PropertyKey> = OwnedArgs<Prisma.Args<D, F>, C>;

// The client's methods answer plain promises (it awaits the scoping first), not
// Prisma's chainable ones: hence Promise<Result> rather than the delegate's own type.
type OwnedDelegate<D, C extends PropertyKey> = Omit<D, "create" | "createMany" | "createManyAndReturn" | "upsert"> & {
  create<A extends Args<D, "create", C>>(args: Prisma.SelectSubset<A, Args<D, "create", C>>): Promise<Prisma.Result<D, A, "create">>;
  createMany<A extends Args<D, "createMany", C>>(args: Prisma.SelectSubset<A, Args<D, "createMany", C>>): Promise<Prisma.BatchPayload>;
  createManyAndReturn<A extends Args<D, "createManyAndReturn", C>>(
    args: Prisma.SelectSubset<A, Args<D, "createManyAndReturn", C>>,
  ): Promise<Prisma.Result<D, A, "createManyAndReturn">>;
  upsert<A extends Args<D, "upsert", C>>(args: Prisma.SelectSubset<A, Args<D, "upsert", C>>): Promise<Prisma.Result<D, A, "upsert">>;
};

/** A client's delegates with the creates of owned models relaxed; every other member as it is. */
export type OwnedCreates<B> = {
  [K in keyof B]: K extends keyof DelegateOwners ? ([DelegateOwners[K]] extends [never] ? B[K] : OwnedDelegate<B[K], DelegateOwners[K]>) : B[K];
};
