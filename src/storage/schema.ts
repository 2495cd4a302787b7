/** Table types for Kysely. Timestamps are epoch milliseconds (BIGINT in PostgreSQL). */
export interface KvTable {
  key: string;
  value: string;
  /** Epoch ms after which the entry is gone; null = never. */
  expires_at: number | null;
  updated_at: number;
}

export interface Database {
  kv: KvTable;
}
