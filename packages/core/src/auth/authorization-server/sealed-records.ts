/**
 * Records kept through an `OAuthStore` with their ids hashed and their values encrypted: what the
 * provider adapter, the token vault and the upstream login keep goes through here, so no code path
 * writes a token in clear. A value is sealed together with its model and id digest, so a row copied
 * onto another id (one user's upstream tokens onto another's account) does not open. A value read
 * under an old key is written again under the current one.
 */
import { createHash } from 'node:crypto';
import type { EncryptionKeyRing } from './encryption-keys.ts';
import type { OAuthIndex, OAuthRow, OAuthStore } from './oauth-store.ts';

export interface RecordMeta {
  /** Epoch seconds. */
  expiresAt?: number;
  consumedAt?: number;
  /** Clear values; stored as digests. */
  grantId?: string;
  uid?: string;
  userCode?: string;
}

export interface OpenedRecord<T> {
  readonly value: T;
  readonly expiresAt?: number;
  readonly consumedAt?: number;
}

export interface SealedRecords {
  readonly store: OAuthStore;
  put(model: string, id: string, value: unknown, meta?: RecordMeta): Promise<void>;
  putIfAbsent(model: string, id: string, value: unknown, meta?: RecordMeta): Promise<boolean>;
  get<T>(model: string, id: string): Promise<OpenedRecord<T> | undefined>;
  getBy<T>(model: string, index: OAuthIndex, value: string): Promise<OpenedRecord<T> | undefined>;
  /** Reads and deletes at once: a one-time value. */
  take<T>(model: string, id: string): Promise<OpenedRecord<T> | undefined>;
  consume(model: string, id: string): Promise<boolean>;
  destroy(model: string, id: string): Promise<void>;
  revokeByGrantId(model: string, grantId: string): Promise<void>;
}

/** SHA-256, base64url: how ids, grant ids, uids and user codes are stored. */
export function digest(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}

const epochSeconds = () => Math.floor(Date.now() / 1000);

export function createSealedRecords(store: OAuthStore, keys: EncryptionKeyRing): SealedRecords {
  async function seal(model: string, idHash: string, value: unknown) {
    return keys.seal(JSON.stringify({ m: model, i: idHash, v: value }));
  }

  async function open<T>(row: OAuthRow | undefined): Promise<OpenedRecord<T> | undefined> {
    if (!row) return undefined;
    const opened = await keys.open(row.payload);
    const sealed = JSON.parse(opened.plaintext) as { m: string; i: string; v: T };
    if (sealed.m !== row.model || sealed.i !== row.idHash) {
      throw new Error(
        `A stored ${row.model} record holds a value sealed for another record: the table was altered outside ` +
          'the server. Delete the row; the user signs in again.',
      );
    }
    if (opened.stale) {
      await store.replacePayload(
        row.model,
        row.idHash,
        row.payload,
        await seal(row.model, row.idHash, sealed.v),
      );
    }
    return {
      value: sealed.v,
      ...(row.expiresAt === undefined ? {} : { expiresAt: row.expiresAt }),
      ...(row.consumedAt === undefined ? {} : { consumedAt: row.consumedAt }),
    };
  }

  async function toRow(model: string, id: string, value: unknown, meta: RecordMeta = {}): Promise<OAuthRow> {
    const idHash = digest(id);
    return {
      model,
      idHash,
      payload: await seal(model, idHash, value),
      ...(meta.grantId === undefined ? {} : { grantIdHash: digest(meta.grantId) }),
      ...(meta.uid === undefined ? {} : { uidHash: digest(meta.uid) }),
      ...(meta.userCode === undefined ? {} : { userCodeHash: digest(meta.userCode) }),
      ...(meta.expiresAt === undefined ? {} : { expiresAt: meta.expiresAt }),
      ...(meta.consumedAt === undefined ? {} : { consumedAt: meta.consumedAt }),
    };
  }

  return {
    store,
    async put(model, id, value, meta) {
      await store.upsert(await toRow(model, id, value, meta));
    },
    async putIfAbsent(model, id, value, meta) {
      return store.insertIfAbsent(await toRow(model, id, value, meta));
    },
    async get(model, id) {
      return open(await store.find(model, digest(id), epochSeconds()));
    },
    async getBy(model, index, value) {
      return open(await store.findBy(model, index, digest(value), epochSeconds()));
    },
    async take(model, id) {
      return open(await store.take(model, digest(id), epochSeconds()));
    },
    async consume(model, id) {
      return store.consume(model, digest(id), epochSeconds());
    },
    async destroy(model, id) {
      await store.destroy(model, digest(id));
    },
    async revokeByGrantId(model, grantId) {
      await store.revokeByGrantId(model, digest(grantId));
    },
  };
}
