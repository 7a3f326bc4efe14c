/**
 * A Yandex Cloud service-account authorized key file, as `yc iam key create --output key.json` writes
 * it: `{id, service_account_id, created_at, key_algorithm: "RSA_2048", public_key, private_key}`, PEM
 * keys (SPKI public, PKCS #8 private). Like Yandex's, the private key starts with the line
 * `PLEASE DO NOT REMOVE THIS LINE! Yandex.Cloud SA Key ID <id>` before the PEM block, so a client
 * that hands the field to a PEM parser unchanged must cope with it.
 */
import { randomBytes } from 'node:crypto';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';

/** The `aud` of the JWT a service account exchanges for an IAM token. */
export const IAM_TOKEN_AUDIENCE = 'https://iam.api.cloud.yandex.net/iam/v1/tokens';

export interface ServiceAccountKeyFile {
  /** The key id: the JWT's `kid`. */
  id: string;
  /** The JWT's `iss`. */
  service_account_id: string;
  /** RFC 3339. */
  created_at: string;
  key_algorithm: 'RSA_2048';
  public_key: string;
  private_key: string;
}

export interface ServiceAccountKeyOptions {
  /** Default a fresh `aje…` id. */
  serviceAccountId?: string;
  /** Default a fresh `aje…` id. */
  id?: string;
  /** Default now. */
  createdAt?: Date;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuv0123456789';

/** A Yandex Cloud style resource id: `aje` and 17 more characters. */
export function yandexCloudId(prefix = 'aje'): string {
  return (
    prefix + [...randomBytes(20 - prefix.length)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')
  );
}

export async function createServiceAccountKey(
  options: ServiceAccountKeyOptions = {},
): Promise<ServiceAccountKeyFile> {
  const id = options.id ?? yandexCloudId();
  const { publicKey, privateKey } = await generateKeyPair('PS256', {
    modulusLength: 2048,
    extractable: true,
  });
  return {
    id,
    service_account_id: options.serviceAccountId ?? yandexCloudId(),
    created_at: (options.createdAt ?? new Date()).toISOString(),
    key_algorithm: 'RSA_2048',
    public_key: await exportSPKI(publicKey),
    private_key: `PLEASE DO NOT REMOVE THIS LINE! Yandex.Cloud SA Key ID <${id}>\n${await exportPKCS8(privateKey)}`,
  };
}
