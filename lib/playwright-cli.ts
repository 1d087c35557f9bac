/**
 * Running Playwright from this package: the path of its CLI, resolved like any dependency (an
 * installed package's dependencies sit beside it, not inside it), and the environment it needs.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** True when this package runs from inside node_modules (installed from the tarball). */
const INSTALLED = /[\\/]node_modules[\\/]/.test(fileURLToPath(import.meta.url));

/**
 * `env` for a Playwright child. Playwright compiles TypeScript everywhere except inside node_modules,
 * so an installed copy of this package has tsx load its .ts files (config, suites, reporter) instead.
 */
export function playwrightEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!INSTALLED) return env;
  const tsx = import.meta.resolve('tsx');
  return { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${tsx}`.trim() };
}
