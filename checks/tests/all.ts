/**
 * Every check's fixtures, for the runner and the coverage test (checks/tests/checks.test.ts): every
 * export of every `checks/tests/<family>.cases.ts` module is a list of `cases(...)`. The modules are
 * discovered by name, so fixtures added to a family's cases file, or a new cases file, touch no list.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CheckCases } from './cases.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.cases.ts'))
  .sort();
const modules = (await Promise.all(files.map((f) => import(pathToFileURL(join(dir, f)).href)))) as Record<string, unknown>[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry is typed by its own check
export const ALL_CASES: readonly CheckCases<any>[] = modules.flatMap((m) => Object.values(m).filter(Array.isArray).flat());
