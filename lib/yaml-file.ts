/**
 * YAML files parsed once per content, not once per process. A run starts several processes that each
 * read the rule catalogue and the contract (the CLI, Playwright's runner, every worker); `yaml` takes
 * about a second per process for them, JSON.parse a few milliseconds. The parsed value is kept as JSON
 * in the temp folder under the SHA-256 of the file's text, so an edited file is parsed afresh.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const CACHE_DIR = join(tmpdir(), 'forecast-conformance', 'yaml');

/**
 * The parsed content of the YAML file at `path` (plain JSON values: these files hold no dates or
 * special numbers).
 * @throws the `yaml` parser's error for malformed YAML; Error ENOENT when the file is missing
 */
export function parseYamlFile(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  const cached = join(CACHE_DIR, `${createHash('sha256').update(text).digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as unknown;
  } catch {
    // Not cached yet (or a partial file from elsewhere): parse, then keep it for the next process.
  }
  const value = parse(text) as unknown;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${cached}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, cached);
  } catch {
    // A read-only temp folder only costs the next process the parse.
  }
  return value;
}
