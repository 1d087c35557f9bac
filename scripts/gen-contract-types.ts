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
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

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
  // The x-fc-* extensions are the harness's, not the API's: openapi-typescript ignores them.
  const ast = await openapiTS(pathToFileURL(SOURCE), { silent: true });
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
