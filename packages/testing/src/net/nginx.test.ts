import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { findNginx, nginxPaths, startNginx } from './nginx.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nginx-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A config that answers every request with `answer`, logging each one to access.log. */
const answering = (answer: string) => (port: number) => {
  const paths = nginxPaths(dir);
  return `${paths.main}
events { worker_connections 64; }
http {
${paths.temp}
  log_format plain '$request_method|$uri|$status';
  access_log ${join(dir, 'access.log')} plain;
  server {
    listen 127.0.0.1:${port};
    location / { return 200 '${answer}'; }
  }
}
`;
};

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * The body of a GET over a connection of its own. Not `fetch`: its pool keeps connections alive, and a
 * worker retiring after SIGHUP closes an idle one just as the pool reuses it ("other side closed").
 */
const answerOf = (url: string) =>
  new Promise<string>((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
      response.on('error', reject);
    }).on('error', reject);
  });

describe('startNginx', () => {
  it('finds nginx in the sbin directories even when PATH leaves them out', () => {
    expect(findNginx('')).toMatch(/\/nginx$/);
    expect(findNginx('/nonexistent')).toBe(findNginx(''));
  });

  it('serves its config on a free port, reloads a new one, logs in its directory and stops', async () => {
    let cleanups = 0;
    let unregistered = false;
    const nginx = await startNginx({
      dir,
      config: answering('first'),
      whileRunning: () => {
        cleanups += 1;
        return () => (unregistered = true);
      },
    });
    try {
      expect(nginx.version).toMatch(/^nginx\/\d+\.\d+/);
      expect(nginx.url).toBe(`http://127.0.0.1:${nginx.port}`);
      expect(await answerOf(`${nginx.url}/a`)).toBe('first');
      expect(cleanups).toBe(1);

      await nginx.reload(answering('second')(nginx.port));
      expect(nginx.config).toContain("return 200 'second'");
      // reload() resolved: the old workers are gone, every new connection meets the new config.
      for (let request = 0; request < 20; request++) expect(await answerOf(`${nginx.url}/b`)).toBe('second');
      await expect(nginx.reload('this is not a config')).rejects.toThrow('nginx refused its new config');
      expect(nginx.config).toContain("return 200 'second'");
      expect(await nginx.read('nginx.conf')).toBe(nginx.config);
      expect(await answerOf(`${nginx.url}/c`)).toBe('second');
    } finally {
      await nginx.stop();
    }
    expect(await accepts(nginx.port)).toBe(false);
    expect(unregistered).toBe(true);
    expect(await nginx.read('access.log')).toContain('GET|/a|200');
    expect(await nginx.read('missing.log')).toBe('');
  });

  it('says why nginx did not start, with its own words', async () => {
    await expect(startNginx({ dir, config: () => 'events {' })).rejects.toThrow(
      /nginx did not start:\n.*unexpected end of file/s,
    );
  });
});
