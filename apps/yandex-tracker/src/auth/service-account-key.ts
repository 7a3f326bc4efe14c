/**
 * A Yandex Cloud service account's authorized key: read from the key file `yc iam key create
 * --output key.json` writes (YANDEX_SA_KEY_FILE) or from three variables (YANDEX_SA_KEY_ID,
 * YANDEX_SA_SERVICE_ACCOUNT_ID, YANDEX_SA_PRIVATE_KEY), checked at start so that a bad key is a
 * configuration problem naming the field, not a failed exchange at the first call. The private key
 * is never echoed.
 */
import type { ConfigProblem } from '@toolsmith/core';

export interface ServiceAccountKey {
  /** The authorized key's id: the JWT's `kid`. */
  readonly keyId: string;
  /** The service account's id: the JWT's `iss`. */
  readonly serviceAccountId: string;
  /** PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), without the line Yandex puts before it. */
  readonly privateKeyPem: string;
}

export interface ServiceAccountKeyEnv {
  YANDEX_SA_KEY_FILE?: string | undefined;
  YANDEX_SA_KEY_ID?: string | undefined;
  YANDEX_SA_SERVICE_ACCOUNT_ID?: string | undefined;
  YANDEX_SA_PRIVATE_KEY?: string | undefined;
}

export type ServiceAccountKeyResult =
  | { readonly key: ServiceAccountKey; readonly problems?: undefined }
  | { readonly key?: undefined; readonly problems: readonly ConfigProblem[] };

const KEY_FILE_HOW =
  'Create one with `yc iam key create --service-account-name <name> --output key.json` and point YANDEX_SA_KEY_FILE at that file unchanged.';

const VARIABLES = ['YANDEX_SA_KEY_ID', 'YANDEX_SA_SERVICE_ACCOUNT_ID', 'YANDEX_SA_PRIVATE_KEY'] as const;

/** Whether any service-account variable is set. */
export function hasServiceAccountKey(env: ServiceAccountKeyEnv): boolean {
  return env.YANDEX_SA_KEY_FILE !== undefined || VARIABLES.some((name) => env[name] !== undefined);
}

/** Reads and checks the key from the file or the three variables (exactly one of the two forms). */
export function readServiceAccountKey(
  env: ServiceAccountKeyEnv,
  // node:fs through getBuiltinModule: its ES module facade (which loads fs streams) costs every start.
  readFile: (path: string) => string = (path) =>
    process.getBuiltinModule('node:fs').readFileSync(path, 'utf8'),
): ServiceAccountKeyResult {
  const inline = VARIABLES.filter((name) => env[name] !== undefined);
  if (env.YANDEX_SA_KEY_FILE !== undefined && inline.length > 0) {
    return {
      problems: [
        {
          variable: 'YANDEX_SA_KEY_FILE',
          problem: `and ${inline.join(', ')} are both set: the key is given twice.`,
          howToFix:
            'Keep one form: YANDEX_SA_KEY_FILE (the key file as `yc` wrote it), or YANDEX_SA_KEY_ID + YANDEX_SA_SERVICE_ACCOUNT_ID + YANDEX_SA_PRIVATE_KEY.',
        },
      ],
    };
  }
  if (env.YANDEX_SA_KEY_FILE !== undefined) return fromFile(env.YANDEX_SA_KEY_FILE, readFile);
  const missing = VARIABLES.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    return {
      problems: missing.map((variable) => ({
        variable,
        problem: `is not set, but ${inline.join(', ')} ${inline.length === 1 ? 'is' : 'are'}: a service account key needs all three.`,
        howToFix: `Set YANDEX_SA_KEY_ID (the key's "id"), YANDEX_SA_SERVICE_ACCOUNT_ID ("service_account_id") and YANDEX_SA_PRIVATE_KEY ("private_key") from the authorized key, or use YANDEX_SA_KEY_FILE instead.`,
      })),
    };
  }
  // In an env file a PEM is often written on one line with literal "\n".
  const pem = env.YANDEX_SA_PRIVATE_KEY!.replaceAll('\\n', '\n');
  return checked(
    { keyId: env.YANDEX_SA_KEY_ID!, serviceAccountId: env.YANDEX_SA_SERVICE_ACCOUNT_ID!, pem },
    {
      keyId: 'YANDEX_SA_KEY_ID',
      serviceAccountId: 'YANDEX_SA_SERVICE_ACCOUNT_ID',
      privateKey: 'YANDEX_SA_PRIVATE_KEY',
    },
    'Copy the value from the authorized key\'s "private_key" (the lines from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----).',
  );
}

function fromFile(path: string, readFile: (path: string) => string): ServiceAccountKeyResult {
  const problem = (text: string, howToFix = KEY_FILE_HOW) => ({
    problems: [{ variable: 'YANDEX_SA_KEY_FILE', problem: text, howToFix }],
  });
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return problem(
      `cannot read ${path}${code ? ` (${code})` : ''}.`,
      'Check the path and that the server may read the file.',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return problem(`${path} is not JSON: an authorized key file is a JSON object.`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return problem(`${path} is not a JSON object: an authorized key file is one.`);
  }
  const record = json as Record<string, unknown>;
  const fields = { keyId: 'id', serviceAccountId: 'service_account_id', privateKey: 'private_key' } as const;
  const missing = Object.values(fields).filter(
    (name) => typeof record[name] !== 'string' || (record[name] as string).trim() === '',
  );
  if (missing.length > 0) {
    return problem(
      `${path} has no ${missing.map((name) => `"${name}"`).join(', ')} (a non-empty string each).`,
      `An authorized key file has "id", "service_account_id" and "private_key". ${KEY_FILE_HOW}`,
    );
  }
  return checked(
    {
      keyId: record['id'] as string,
      serviceAccountId: record['service_account_id'] as string,
      pem: record['private_key'] as string,
    },
    {
      keyId: `YANDEX_SA_KEY_FILE "id"`,
      serviceAccountId: `YANDEX_SA_KEY_FILE "service_account_id"`,
      privateKey: `YANDEX_SA_KEY_FILE "private_key"`,
    },
    KEY_FILE_HOW,
  );
}

function checked(
  raw: { keyId: string; serviceAccountId: string; pem: string },
  names: { keyId: string; serviceAccountId: string; privateKey: string },
  howToFix: string,
): ServiceAccountKeyResult {
  const problems: ConfigProblem[] = [];
  const keyId = raw.keyId.trim();
  const serviceAccountId = raw.serviceAccountId.trim();
  for (const [variable, value] of [
    [names.keyId, keyId],
    [names.serviceAccountId, serviceAccountId],
  ] as const) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(value))
      problems.push({
        variable,
        problem: 'is not a Yandex Cloud id (letters, digits, "-" and "_", e.g. ajexxxxxxxxxxxxxxxxx).',
        howToFix,
      });
  }
  // Yandex puts "PLEASE DO NOT REMOVE THIS LINE! Yandex.Cloud SA Key ID <id>" before the PEM.
  const begin = raw.pem.indexOf('-----BEGIN');
  const privateKeyPem = begin < 0 ? '' : raw.pem.slice(begin).trim();
  if (!privateKeyPem.startsWith('-----BEGIN PRIVATE KEY-----')) {
    problems.push({
      variable: names.privateKey,
      problem: 'is not a PKCS#8 PEM private key (no "-----BEGIN PRIVATE KEY-----" line).',
      howToFix,
    });
  } else {
    try {
      // node:crypto loaded here, not at start.
      const key = process.getBuiltinModule('node:crypto').createPrivateKey(privateKeyPem);
      if (key.asymmetricKeyType !== 'rsa') {
        problems.push({
          variable: names.privateKey,
          problem: `is a ${key.asymmetricKeyType ?? 'non-RSA'} key; Yandex authorized keys are RSA (PS256).`,
          howToFix,
        });
      }
    } catch {
      problems.push({
        variable: names.privateKey,
        problem: 'cannot be read as a PEM private key (damaged or cut short).',
        howToFix,
      });
    }
  }
  return problems.length > 0 ? { problems } : { key: { keyId, serviceAccountId, privateKeyPem } };
}
