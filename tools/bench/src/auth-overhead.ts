/**
 * What authentication adds to a tool call over Streamable HTTP (issue 23): the same server and tool,
 * once without auth (`--auth none`) and once per mode — JWT (RS256, keys fetched once and cached),
 * introspection with its cache (one round trip per token per minute: the steady state) and without
 * it (`cacheTtlMs: 0`: a round trip to the authorization server on every call, what a cache miss
 * costs). The authorization server is a node:http server on 127.0.0.1 in this process, so a miss
 * costs a local round trip, not a network one.
 *
 * Each call is a 2025-11-25 stateless `tools/call` POST over a keep-alive connection with
 * `Authorization: Bearer`. Variants are interleaved call by call, so drift on the machine falls on
 * all of them alike; the added latency is the variant's p50 (p95) less the unauthenticated one's.
 */
import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BaseTool, defineToolMetadata, silentLogger, ToolRegistry } from '@toolsmith/core';
import {
  createIntrospectionVerifier,
  createJwtVerifier,
  createResourceServer,
  type TokenVerifier,
} from '@toolsmith/core/auth';
import { serveHttp, type RunningHttpServer } from '@toolsmith/core/mcp';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { z } from 'zod';
import type { BenchmarkResult, ResultRow, TargetCheck } from './report.ts';
import { sized } from './smoke.ts';
import { elapsedMs, summarize } from './stats.ts';

const WARMUP = sized(200, 5);
const ROUNDS = sized(2000, 20);
/** Timing goals (reported, not budgets): what authentication may add at the median. */
const TARGET_JWT_P50_MS = 1;
const TARGET_INTROSPECTION_HIT_P50_MS = 0.5;

const Empty = z.object({});

class PingTool extends BaseTool<unknown, typeof Empty> {
  static override readonly METADATA = defineToolMetadata({
    name: 'ping',
    description: 'Answers pong.',
    category: 'bench',
    annotations: { readOnlyHint: true, openWorldHint: false },
  });
  override getParamsSchema() {
    return Empty;
  }
  async execute() {
    return 'pong';
  }
}

const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'ping', arguments: {} },
});

interface Issuer {
  url: string;
  token: (audience: string) => Promise<string>;
  close(): Promise<void>;
}

/** A minimal authorization server: a JWKS and an introspection endpoint that says every token is active. */
async function startIssuer(): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
  let url = '';
  const audiences = new Set<string>();
  const server: Server = createServer((req, res) => {
    if (req.url === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    req.resume();
    req.on('end', () => {
      const answer = {
        active: true,
        sub: 'bench-user',
        client_id: 'bench',
        scope: 'read write',
        aud: [...audiences],
        iss: url,
        exp: Math.floor(Date.now() / 1000) + 3600,
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async token(forAudience) {
      audiences.add(forAudience);
      return new SignJWT({ sub: 'bench-user', client_id: 'bench', scope: 'read write' })
        .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
        .setIssuer(url)
        .setAudience(forAudience)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Variant {
  label: string;
  server: RunningHttpServer;
  agent: Agent;
  authorization: string;
  samples: number[];
}

/** One tools/call; resolves once the whole answer is read. */
function call(variant: Variant): Promise<void> {
  const url = new URL(variant.server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: variant.agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          'content-length': Buffer.byteLength(CALL),
          authorization: variant.authorization,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          res.statusCode === 200 && body.includes('pong')
            ? resolve()
            : reject(new Error(`${variant.label}: HTTP ${res.statusCode} ${body.slice(0, 200)}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(CALL);
  });
}

async function serve(verifier?: (audience: string) => TokenVerifier, issuer?: string) {
  return serveHttp({
    name: 'bench',
    version: '0.0.0',
    registry: new ToolRegistry({ toolsets: [{ id: 'bench', description: 'Bench', default: true }] }).register(
      new PingTool(),
    ),
    deps: {},
    logger: silentLogger,
    port: 0,
    searchTools: false,
    ...(verifier
      ? {
          auth: async ({ url }: { url: URL }) =>
            createResourceServer({
              mode: 'jwt',
              verifier: verifier(url.href),
              resource: url,
              authorizationServers: [issuer!],
              logger: silentLogger,
            }),
        }
      : {}),
  });
}

export async function runAuthOverhead(): Promise<BenchmarkResult> {
  const issuer = await startIssuer();
  const introspection = (cacheTtlMs?: number) => (audience: string) =>
    createIntrospectionVerifier({
      endpoint: `${issuer.url}/introspect`,
      issuer: issuer.url,
      audience,
      ...(cacheTtlMs !== undefined ? { cacheTtlMs } : {}),
    });
  const servers: [string, RunningHttpServer][] = [
    ['no auth (--auth none)', await serve()],
    [
      'jwt (RS256, cached JWKS)',
      await serve(
        (audience) => createJwtVerifier({ issuer: issuer.url, audience, jwksUri: `${issuer.url}/jwks` }),
        issuer.url,
      ),
    ],
    ['introspection, cache hit', await serve(introspection(), issuer.url)],
    ['introspection, cache miss (every call asks)', await serve(introspection(0), issuer.url)],
  ];
  const variants: Variant[] = [];
  for (const [label, server] of servers) {
    variants.push({
      label,
      server,
      agent: new Agent({ keepAlive: true, maxSockets: 1 }),
      authorization: `Bearer ${await issuer.token(server.url)}`,
      samples: [],
    });
  }
  try {
    for (let i = 0; i < WARMUP; i++) for (const variant of variants) await call(variant);
    for (let i = 0; i < ROUNDS; i++) {
      for (const variant of variants) {
        const started = process.hrtime.bigint();
        await call(variant);
        variant.samples.push(elapsedMs(started));
      }
    }
  } finally {
    for (const variant of variants) variant.agent.destroy();
    await Promise.all(variants.map((variant) => variant.server.close()));
    await issuer.close();
  }

  const [baseline, ...authenticated] = variants as [Variant, ...Variant[]];
  const base = summarize(baseline.samples);
  const rows: ResultRow[] = variants.map((variant) => ({
    label: variant.label,
    summary: summarize(variant.samples),
    ...(variant === baseline ? {} : { versus: baseline.label }),
  }));
  const added = authenticated.map((variant) => {
    const summary = summarize(variant.samples);
    return { label: variant.label, p50: summary.median - base.median, p95: summary.p95 - base.p95 };
  });
  const fmt = (ms: number) => `${ms >= 0 ? '+' : ''}${ms.toFixed(3)} ms`;
  const targets: TargetCheck[] = [
    {
      target: `JWT auth adds under ${TARGET_JWT_P50_MS} ms per call at p50`,
      measured: fmt(added[0]!.p50),
      met: added[0]!.p50 < TARGET_JWT_P50_MS,
    },
    {
      target: `introspection (cache hit) adds under ${TARGET_INTROSPECTION_HIT_P50_MS} ms per call at p50`,
      measured: fmt(added[1]!.p50),
      met: added[1]!.p50 < TARGET_INTROSPECTION_HIT_P50_MS,
    },
  ];
  return {
    name: 'auth-overhead',
    tables: [
      {
        title: `tools/call over Streamable HTTP (2025-11-25, stateless), ${ROUNDS} calls each, interleaved`,
        unit: 'ms',
        rows,
      },
    ],
    targets,
    notes: [
      `Added latency per authenticated call (variant less no auth): ${added
        .map((a) => `${a.label}: p50 ${fmt(a.p50)}, p95 ${fmt(a.p95)}`)
        .join('; ')}.`,
      'The authorization server runs in this process on 127.0.0.1: a cache miss costs a local round trip; over a network add its latency.',
    ],
  };
}
