/**
 * The JWT a service account exchanges for an IAM token, signed with an authorized key file the way a
 * client does it (the file's marker line before the PEM block removed), with every claim overridable
 * so tests can forge the bad ones.
 */
import { importPKCS8, SignJWT, type JWTPayload } from 'jose';
import { IAM_TOKEN_AUDIENCE, type ServiceAccountKeyFile } from '../service-account-key.ts';

export interface JwtOverrides {
  /** Seconds since the epoch; default from `now`. */
  iat?: number;
  exp?: number;
  iss?: string;
  aud?: string;
  kid?: string;
  alg?: string;
}

export async function signServiceAccountJwt(
  key: ServiceAccountKeyFile,
  now: number,
  overrides: JwtOverrides = {},
): Promise<string> {
  const pem = key.private_key.slice(key.private_key.indexOf('-----BEGIN'));
  const alg = overrides.alg ?? 'PS256';
  const privateKey = await importPKCS8(pem, alg);
  const iat = overrides.iat ?? Math.floor(now / 1000);
  const payload: JWTPayload = {
    iss: overrides.iss ?? key.service_account_id,
    aud: overrides.aud ?? IAM_TOKEN_AUDIENCE,
    iat,
    exp: overrides.exp ?? iat + 3600,
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg, typ: 'JWT', kid: overrides.kid ?? key.id })
    .sign(privateKey);
}
