/**
 * Tests that a server package's one-click installs describe it truthfully: server.json (the MCP
 * registry entry, which clients install from npm) and manifest.json (the MCP Bundle, `.mcpb`, that
 * Claude Desktop installs; the app's `mcpb` target packs it) carry package.json's version, start the
 * bin the bundle builds, and set only environment variables the server reads. server.json's first
 * package is the stdio one clients start for one user; further ones run the same npm package over
 * Streamable HTTP (`--auth builtin`: each user signs in upstream, what a team deploys). Every server
 * app of the workspace calls it from its `src/bin/one-click-install.test.ts`.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateManifest } from '@anthropic-ai/mcpb/node';
import {
  COOKIE_KEYS_VARIABLE,
  ENCRYPTION_KEYS_VARIABLE,
  SIGNING_KEY_VARIABLE,
} from '@toolsmith/core/auth/authorization-server';
import { parseServeArgs } from '@toolsmith/core/mcp';

export interface OneClickInstallOptions {
  /** The app's folder (holds package.json, server.json, manifest.json), e.g. `new URL('../../', import.meta.url)`. */
  appDir: URL | string;
  /** The server's config loader: called with an env that records every variable read. */
  loadConfig: (env: Record<string, string | undefined>) => unknown;
  /** What the server reads only with `--auth builtin` (its login store), if anything beyond loadConfig. */
  loadBuiltinConfig?: (env: Record<string, string | undefined>) => unknown;
  /** Variables server.json must list (the ones a user needs to start the server). */
  requiredVariables: readonly string[];
  /** The token: its variable, and the manifest's user_config option that sets it (sensitive, required). */
  token: { variable: string; option: string };
}

interface PackageJson {
  name: string;
  version: string;
  mcpName: string;
  engines: { node: string };
  bin: Record<string, string>;
  nx: { targets: { mcpb: { options: { commands: string[] } } } };
}
interface EnvVar {
  name: string;
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  format?: string;
  value?: string;
  default?: string;
}
interface ServerJson {
  $schema: string;
  name: string;
  description: string;
  version: string;
  packages: {
    registryType: string;
    identifier: string;
    version: string;
    transport: { type: string; url?: string };
    environmentVariables: EnvVar[];
  }[];
}
interface UserConfigOption {
  type: string;
  title: string;
  description: string;
  required?: boolean;
  sensitive?: boolean;
  default?: unknown;
}
interface Manifest {
  manifest_version: string;
  name: string;
  version: string;
  server: {
    type: string;
    entry_point: string;
    mcp_config: { command: string; args: string[]; env: Record<string, string> };
  };
  compatibility: { runtimes: { node: string } };
  user_config: Record<string, UserConfigOption>;
}

export function describeOneClickInstall(options: OneClickInstallOptions): void {
  const app = typeof options.appDir === 'string' ? options.appDir : fileURLToPath(options.appDir);
  const read = <T>(file: string) => JSON.parse(readFileSync(join(app, file), 'utf8')) as T;
  const pkg = read<PackageJson>('package.json');
  const server = read<ServerJson>('server.json');
  const manifest = read<Manifest>('manifest.json');
  const [binName, binPath] = Object.entries(pkg.bin)[0]!;

  /** Every variable the server reads at start: its config and the serve flags' fallbacks. */
  const variablesTheServerReads = (given: Record<string, string> = {}): Set<string> => {
    const seen = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, key) => {
        if (typeof key !== 'string') return undefined;
        seen.add(key);
        return given[key];
      },
    });
    for (const load of [options.loadConfig, options.loadBuiltinConfig]) {
      try {
        load?.(env);
      } catch {
        // No token: a ConfigError, after every variable was read.
      }
    }
    try {
      parseServeArgs([], env);
    } catch {
      // HTTP off loopback without --public-url: refused after every flag's variable was read.
    }
    return seen;
  };
  const READ = variablesTheServerReads();
  /** With `--transport http --auth builtin`: also core's authorization server's own keys. */
  const READ_BUILTIN = new Set([
    ...variablesTheServerReads({ MCP_TRANSPORT: 'http', MCP_AUTH: 'builtin' }),
    ENCRYPTION_KEYS_VARIABLE,
    SIGNING_KEY_VARIABLE,
    COOKIE_KEYS_VARIABLE,
  ]);
  /** What a client must keep secret: tokens, secrets, keys, a database URL with its password. */
  const SECRET = /TOKEN|SECRET|PRIVATE_KEY|ENCRYPTION_KEYS|DATABASE_URL/;

  describe('server.json (MCP registry)', () => {
    const [npm] = server.packages;

    it('uses the current schema and a registry name that package.json claims (mcpName, npm ownership check)', () => {
      expect(server.$schema).toBe(
        'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      );
      expect(server.name).toMatch(new RegExp(`^io\\.github\\.[A-Za-z0-9-]+/${binName}$`));
      expect({ mcpName: pkg.mcpName }).toEqual({ mcpName: server.name });
      expect(server.description.length).toBeLessThanOrEqual(100);
    });

    it('has the version of package.json, at the top and on the npm package (bump both with the package)', () => {
      const fix = `npx nx run ${pkg.name}:sync-version`;
      expect({ server: server.version, npm: npm?.version, fix }).toEqual({
        server: pkg.version,
        npm: pkg.version,
        fix,
      });
      expect(npm).toMatchObject({ registryType: 'npm', identifier: pkg.name, transport: { type: 'stdio' } });
      for (const other of server.packages.slice(1)) {
        expect(other).toMatchObject({
          registryType: 'npm',
          identifier: pkg.name,
          version: pkg.version,
          transport: { type: 'streamable-http' },
        });
      }
    });

    it('lists only variables the server reads, with the ones it needs to start, tokens secret', () => {
      const names = npm!.environmentVariables.map((v) => v.name);
      expect(names.filter((n) => !READ.has(n))).toEqual([]);
      expect(names).toEqual(expect.arrayContaining([...options.requiredVariables]));
      for (const v of server.packages.flatMap((p) => p.environmentVariables)) {
        expect({ name: v.name, isSecret: v.isSecret }).toEqual({
          name: v.name,
          isSecret: SECRET.test(v.name),
        });
        expect(v.description?.length).toBeGreaterThan(10);
        expect(['string', 'number', 'boolean', 'filepath']).toContain(v.format);
      }
    });

    it('an HTTP package is --auth builtin on its own port: variables it reads in that mode, a URL the registry accepts', () => {
      for (const http of server.packages.slice(1)) {
        const variables = new Map(http.environmentVariables.map((v) => [v.name, v]));
        expect([...variables.keys()].filter((n) => !READ_BUILTIN.has(n))).toEqual([]);
        expect(variables.get('MCP_TRANSPORT')?.value).toBe('http');
        expect(variables.get('MCP_AUTH')?.value).toBe('builtin');
        expect(variables.get(ENCRYPTION_KEYS_VARIABLE)).toMatchObject({ isRequired: true, isSecret: true });
        // The registry's rule: every {variable} of a package's URL is one of its variables or arguments.
        const url = http.transport.url ?? '';
        const named = [...url.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
        expect(named.filter((name) => !variables.has(name))).toEqual([]);
        const resolved = url.replace(
          /\{([^}]+)\}/g,
          (_all, name: string) => variables.get(name)?.default ?? '',
        );
        expect(new URL(resolved).href).toBe(`http://127.0.0.1:${variables.get('MCP_PORT')?.default}/mcp`);
      }
    });
  });

  describe('manifest.json (MCP Bundle)', () => {
    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('passes `mcpb validate`', () => {
      const said: string[] = [];
      jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void said.push(args.join(' ')));
      jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void said.push(args.join(' ')));
      const valid = validateManifest(join(app, 'manifest.json'));
      expect({ valid, said: said.join('\n') }).toEqual({ valid: true, said: expect.any(String) });
    });

    it('has the version and bin name of package.json and needs the same Node', () => {
      expect({ version: manifest.version, name: manifest.name }).toEqual({
        version: pkg.version,
        name: binName,
      });
      expect(manifest.compatibility.runtimes.node).toBe(`${pkg.engines.node}.0.0`);
    });

    it('starts the bundled bin with node, from the folder the mcpb target copies the bundle into', () => {
      const { entry_point, mcp_config } = manifest.server;
      expect(manifest.server.type).toBe('node');
      expect(entry_point).toBe(`server/${basename(binPath)}`);
      expect(mcp_config).toMatchObject({ command: 'node', args: [`\${__dirname}/${entry_point}`] });
      expect(binPath).toBe(`./dist/bundle/${basename(binPath)}`);
      expect(pkg.nx.targets.mcpb.options.commands.join('\n')).toContain(
        'cp -R dist/bundle/. dist/mcpb/server/',
      );
    });

    it('sets only variables the server reads, each from a user_config option, and uses every option', () => {
      const env = manifest.server.mcp_config.env;
      expect(Object.keys(env).filter((n) => !READ.has(n))).toEqual([]);
      const used = Object.values(env).map((value) => /^\$\{user_config\.([a-z_]+)\}$/.exec(value)?.[1]);
      expect(used.filter((key) => key === undefined || !(key in manifest.user_config))).toEqual([]);
      expect(Object.keys(manifest.user_config).sort()).toEqual([...new Set(used)].sort());
      expect(env[options.token.variable]).toBe(`\${user_config.${options.token.option}}`);
      expect(manifest.user_config[options.token.option]).toMatchObject({ sensitive: true, required: true });
    });

    it('gives every optional option a default: unset, the client would pass "${user_config.…}" literally', () => {
      const missing = Object.entries(manifest.user_config)
        .filter(([, option]) => !option.required && option.default === undefined)
        .map(([key]) => `${key}: add "default" ("" reads as unset)`);
      expect(missing).toEqual([]);
    });
  });
}
