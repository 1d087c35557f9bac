/**
 * The alternate stub's flips as written in stub/ (issue 18): every `alt('GAP-ID')` call, by gap ID,
 * with the files that make it. `npm run rules:check` holds them equal to the catalogue's gaps that
 * name an `alternate` (stub/variant.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FLIP = /\balt\(\s*'([A-Z][A-Z0-9]*-\d{3,})'\s*\)/g;

/** Gap ID → the stub files whose code flips it. */
export function altFlips(stubDir = join(ROOT, 'stub')): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.ts')) {
        for (const m of readFileSync(path, 'utf8').matchAll(FLIP)) {
          const files = out.get(m[1]!) ?? [];
          const rel = relative(ROOT, path);
          if (!files.includes(rel)) files.push(rel);
          out.set(m[1]!, files);
        }
      }
    }
  };
  walk(stubDir);
  return out;
}
