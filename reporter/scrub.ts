/**
 * Scrubs secrets from the files other reporters wrote. Playwright's JSON reporter serialises the
 * resolved config, `use` options included, so an API key or control token given through FC_API_KEY /
 * FC_CONTROL_TOKEN would land in results.json. The rule reporter runs last (reporters end in config
 * order) and passes every configured `outputFile` through the redactor.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { FullConfig } from '@playwright/test/reporter';
import { redact } from '../lib/redact.ts';

/** The `outputFile` of every configured reporter (absolute paths). */
export function reporterOutputFiles(config: Pick<FullConfig, 'reporter' | 'rootDir'>): string[] {
  return config.reporter.flatMap(([, options]) => {
    const file = (options as { outputFile?: unknown } | undefined)?.outputFile;
    return typeof file === 'string' ? [isAbsolute(file) ? file : resolve(config.rootDir, file)] : [];
  });
}

/** Rewrites each existing file with every registered secret masked. Returns the files it changed. */
export function scrubFiles(files: readonly string[]): string[] {
  const changed: string[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const safe = redact(text);
    if (safe !== text) {
      writeFileSync(file, safe);
      changed.push(file);
    }
  }
  return changed;
}
