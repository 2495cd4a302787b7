import type { Migration, MigrationProvider } from "kysely";
import { kv } from "./001-kv.js";
import { bookings } from "./002-bookings.js";
import { access } from "./003-access.js";
import { courseNameTh } from "./004-course-name-th.js";
import { leases } from "./005-leases.js";

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  "001-kv": kv,
  "002-bookings": bookings,
  "003-access": access,
  "004-course-name-th": courseNameTh,
  "005-leases": leases,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
