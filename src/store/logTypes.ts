// The shapes the log is stored in, apart from the database that stores them: the first page folds and writes these
// before RxDB (which loads after it) is there.

/** Zero-padded so the primary key sorts in append order. */
export const SEQ_WIDTH = 12;
export const seqKey = (seq: number): string => String(seq).padStart(SEQ_WIDTH, '0');

export interface StoredEvent {
  readonly seq: string;
  readonly id: string;
  readonly type: string;
  readonly v: number;
  readonly at: string;
  readonly data: Record<string, unknown>;
}

export interface StoredCatalog {
  readonly hash: string;
  /** The catalog JSON exactly as hashed. */
  readonly json: string;
  readonly storedAt: string;
}

export interface StoredSnapshot {
  readonly id: string;
  readonly seq: number;
  readonly stateVersion: number;
  readonly appVersion: string;
  readonly state: string;
}
