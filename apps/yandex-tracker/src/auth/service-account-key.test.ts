import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { generateServiceAccountKey } from './__fixtures__/iam-fixture.ts';
import { readServiceAccountKey, type ServiceAccountKeyEnv } from './service-account-key.ts';

const generated = generateServiceAccountKey();
const pem = generated.privateKey.slice(generated.privateKey.indexOf('-----BEGIN'));

function problems(env: ServiceAccountKeyEnv, file?: string): string[] {
  const result = readServiceAccountKey(env, () => {
    if (file === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    return file;
  });
  expect(result.key).toBeUndefined();
  return result.problems!.map((p) => `${p.variable}: ${p.problem} ${p.howToFix ?? ''}`);
}

describe('readServiceAccountKey', () => {
  it('reads a key file as yc writes it, dropping the line Yandex puts before the PEM', () => {
    const result = readServiceAccountKey({ YANDEX_SA_KEY_FILE: '/keys/key.json' }, (path) => {
      expect(path).toBe('/keys/key.json');
      return generated.file;
    });
    expect(result.key).toEqual({
      keyId: generated.keyId,
      serviceAccountId: generated.serviceAccountId,
      privateKeyPem: pem.trim(),
    });
  });

  it('reads the three variables, a one-line PEM with literal \\n included', () => {
    const result = readServiceAccountKey({
      YANDEX_SA_KEY_ID: generated.keyId,
      YANDEX_SA_SERVICE_ACCOUNT_ID: generated.serviceAccountId,
      YANDEX_SA_PRIVATE_KEY: pem.trim().replaceAll('\n', '\\n'),
    });
    expect(result.key?.privateKeyPem).toBe(pem.trim());
  });

  it('refuses both forms at once', () => {
    expect(problems({ YANDEX_SA_KEY_FILE: 'key.json', YANDEX_SA_PRIVATE_KEY: pem }, generated.file)).toEqual([
      expect.stringMatching(
        /^YANDEX_SA_KEY_FILE: and YANDEX_SA_PRIVATE_KEY are both set: the key is given twice\. Keep one form/,
      ),
    ]);
  });

  it('names each variable missing from the three', () => {
    const found = problems({ YANDEX_SA_KEY_ID: generated.keyId });
    expect(found).toEqual([
      expect.stringMatching(/^YANDEX_SA_SERVICE_ACCOUNT_ID: is not set, but YANDEX_SA_KEY_ID is/),
      expect.stringMatching(/^YANDEX_SA_PRIVATE_KEY: is not set, but YANDEX_SA_KEY_ID is/),
    ]);
  });

  it('names the field of a malformed key file, never its value', () => {
    const record = JSON.parse(generated.file) as Record<string, unknown>;
    const file = (changes: Record<string, unknown>) => JSON.stringify({ ...record, ...changes });
    expect(problems({ YANDEX_SA_KEY_FILE: 'k.json' }, file({ service_account_id: undefined }))).toEqual([
      expect.stringMatching(/^YANDEX_SA_KEY_FILE: k\.json has no "service_account_id"/),
    ]);
    expect(problems({ YANDEX_SA_KEY_FILE: 'k.json' }, file({ id: '', private_key: 7 }))).toEqual([
      expect.stringMatching(
        /^YANDEX_SA_KEY_FILE: k\.json has no "id", "private_key" \(a non-empty string each\)/,
      ),
    ]);
    const cut = file({ private_key: generated.privateKey.slice(0, 400) });
    const cutProblems = problems({ YANDEX_SA_KEY_FILE: 'k.json' }, cut);
    expect(cutProblems).toEqual([
      expect.stringMatching(/^YANDEX_SA_KEY_FILE "private_key": cannot be read as a PEM private key/),
    ]);
    expect(cutProblems.join('')).not.toContain(pem.split('\n')[1]!.slice(0, 20));
    expect(problems({ YANDEX_SA_KEY_FILE: 'k.json' }, file({ private_key: 'secret-not-a-pem' }))).toEqual([
      expect.stringMatching(/^YANDEX_SA_KEY_FILE "private_key": is not a PKCS#8 PEM private key/),
    ]);
    expect(problems({ YANDEX_SA_KEY_FILE: 'k.json' }, file({ id: 'has spaces in it' }))).toEqual([
      expect.stringMatching(/^YANDEX_SA_KEY_FILE "id": is not a Yandex Cloud id/),
    ]);
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    expect(problems({ YANDEX_SA_KEY_FILE: 'k.json' }, file({ private_key: ec.privateKey }))).toEqual([
      expect.stringMatching(/^YANDEX_SA_KEY_FILE "private_key": is a ec key; Yandex authorized keys are RSA/),
    ]);
  });

  it('says when the file cannot be read or is not a JSON object', () => {
    expect(problems({ YANDEX_SA_KEY_FILE: '/nope.json' })).toEqual([
      'YANDEX_SA_KEY_FILE: cannot read /nope.json (ENOENT). Check the path and that the server may read the file.',
    ]);
    expect(problems({ YANDEX_SA_KEY_FILE: 'k.json' }, '{"id": ')).toEqual([
      expect.stringMatching(/^YANDEX_SA_KEY_FILE: k\.json is not JSON/),
    ]);
    expect(problems({ YANDEX_SA_KEY_FILE: 'k.json' }, '[1]')).toEqual([
      expect.stringMatching(/^YANDEX_SA_KEY_FILE: k\.json is not a JSON object/),
    ]);
  });
});
