/**
 * oidc-provider's storage adapter over sealed records: every model instance (client, grant, code,
 * refresh token, session, interaction…) is one row whose id is hashed — for codes and tokens the
 * id is the token itself — and whose payload is encrypted. A code or rotated refresh token is
 * consumed atomically, so two replicas redeeming it at once cannot both succeed.
 */
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { SealedRecords } from './sealed-records.ts';

export function createProviderAdapterFactory(records: SealedRecords): (model: string) => Adapter {
  return (model) => new ProviderAdapter(model, records);
}

class ProviderAdapter implements Adapter {
  private readonly model: string;
  private readonly records: SealedRecords;

  constructor(model: string, records: SealedRecords) {
    this.model = model;
    this.records = records;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.records.put(this.model, id, payload, {
      ...(typeof expiresIn === 'number' ? { expiresAt: Math.floor(Date.now() / 1000) + expiresIn } : {}),
      ...(typeof payload.consumed === 'number' ? { consumedAt: payload.consumed } : {}),
      ...(payload.grantId ? { grantId: payload.grantId } : {}),
      ...(payload.uid && this.model === 'Session' ? { uid: payload.uid } : {}),
      ...(payload.userCode ? { userCode: payload.userCode } : {}),
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return withConsumed(await this.records.get<AdapterPayload>(this.model, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return withConsumed(await this.records.getBy<AdapterPayload>(this.model, 'uid', uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return withConsumed(await this.records.getBy<AdapterPayload>(this.model, 'userCode', userCode));
  }

  async consume(id: string): Promise<void> {
    if (!(await this.records.consume(this.model, id))) {
      throw new errors.InvalidGrant(`${this.model} was already used or has expired`);
    }
  }

  async destroy(id: string): Promise<void> {
    await this.records.destroy(this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.records.revokeByGrantId(this.model, grantId);
  }
}

function withConsumed(
  record: { value: AdapterPayload; consumedAt?: number } | undefined,
): AdapterPayload | undefined {
  if (!record) return undefined;
  return record.consumedAt === undefined ? record.value : { ...record.value, consumed: record.consumedAt };
}
