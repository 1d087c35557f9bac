/**
 * Generates contract/openapi-types.ts, the TypeScript types of contract/openapi.yaml (`components['schemas']`,
 * `paths`, `operations`), with openapi-typescript: the stub's answer types (stub/present/types.ts) are aliases of
 * these, so they follow the contract instead of mirroring it by hand.
 *
 * Usage: npx tsx scripts/gen-contract-types.ts [--check]
 *   --check  exit 1 when the file on disk differs from what would be generated (no write).
 * `npm run rules:gen` and `npm run rules:gen:check` run it after the rule generator.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parseYamlFile } from '../lib/yaml-file.ts';

/** A deep copy of the document without any `x-fc-*` member, wherever it sits. */
function withoutHarnessMarks(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutHarnessMarks);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !k.startsWith('x-fc-'))
      .map(([k, v]) => [k, withoutHarnessMarks(v)]),
  );
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = resolve(ROOT, 'contract/openapi.yaml');
const TARGET = resolve(ROOT, 'contract/openapi-types.ts');

const HEADER = `/**
 * GENERATED from contract/openapi.yaml by scripts/gen-contract-types.ts (openapi-typescript): do not edit,
 * re-run \`npm run rules:gen\` after changing the document. \`npm run rules:gen:check\` fails while it is stale.
 */

`;

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  // The x-fc-* extensions are the harness's, not the API's, and openapi-typescript reads a responses
  // object's keys as statuses (an open status set's `x-fc-choice` would be one): they are left out.
  const ast = await openapiTS(withoutHarnessMarks(parseYamlFile(SOURCE)) as Parameters<typeof openapiTS>[0], { silent: true });
  const text = HEADER + astToString(ast);
  const current = existsSync(TARGET) ? readFileSync(TARGET, 'utf8') : '';
  console.log(`contract/openapi-types.ts: ${text.split('\n').length} lines${current === text ? '' : check ? ' (stale)' : ' (written)'}`);
  if (current === text) return;
  if (check) {
    console.error('contract/openapi-types.ts is out of date: run npm run rules:gen');
    process.exit(1);
  }
  writeFileSync(TARGET, text);
}

await main();
