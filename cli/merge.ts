/**
 * `forecast-conformance merge DIR...`: the blobs of sharded runs (`run --shard i/n`) merged by
 * Playwright's `merge-reports` through the same reporters, so the merged rules.json has the verdicts
 * one unsharded run would have; then the merged folder is signed as a bundle.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readReport, type CertificationReport } from '../reporter/report.ts';
import { UsageError } from './settings.ts';
import { MANIFEST, SIGNATURE, writeBundle } from './bundle.ts';
import { EXIT } from './run.ts';
import { PLAYWRIGHT_CLI, playwrightEnv } from '../lib/playwright-cli.ts';
import { REPORT_DIR_FILES, REPORT_FILES } from '../lib/run-state.ts';
import { childEnvironment, DEFAULT_PROPERTY_SEED } from '../lib/settings.ts';
import { writeRunConfig, type RunConfig } from '../lib/run-config.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../lib/http-client.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Merges shard folders into `outDir`; returns the exit code of the merged verdict. @throws UsageError without blobs. */
export async function mergeCommand(dirs: string[], outDir: string, signingKey?: string): Promise<number> {
  const blobs = mkdtempSync(join(tmpdir(), 'fc-merge-'));
  try {
    let shards: CertificationReport[] = [];
    for (const dir of dirs) {
      const blobDir = join(dir, 'blob');
      const zips = existsSync(blobDir) ? readdirSync(blobDir).filter((f) => f.endsWith('.zip')) : [];
      if (!zips.length) throw new UsageError(`${dir}: no shard blob (run with --shard i/n writes ${join(dir, 'blob')}/*.zip)`);
      for (const z of zips) copyFileSync(join(blobDir, z), join(blobs, z));
      if (existsSync(join(dir, REPORT_FILES.rules))) shards.push(readReport(dir));
    }
    shards = shards.filter(Boolean);
    const first = shards[0];
    const baseline = first?.drift?.comparisons.find((c) => c.against === 'baseline')?.before;
    const out = resolve(outDir);
    // The shards' settings, as one run configuration (lib/run-config.ts) for merge-reports' reporters.
    const config: RunConfig = {
      version: 1,
      target: first && !first.target.startsWith('embedded ') ? first.target : '',
      siteUrl: '',
      control: '',
      // The budget the shards ran under stays the merged report's (null: unlimited, the embedded stub's).
      maxSpendUsd: first ? (first.spend.budgetUsd ?? null) : null,
      // The operator's statement on gap BILL-013 stays on the merged report.
      unbilledStatuses: [...(first?.spend.unbilledStatuses ?? [])],
      seed: first?.seed ?? DEFAULT_PROPERTY_SEED,
      reportDir: out,
      requestTimeoutMs: 15_000,
      workers: 1,
      abortAfter: 5,
      maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
      tier: first?.tier ?? 'standard',
      commandLine: `forecast-conformance merge ${dirs.join(' ')}`,
      selectedRules: [...(first?.selection ?? [])],
      failOnSkip: first?.failOnSkip ?? false,
      minCoverage: first?.minCoverage ?? null,
      shard: '',
      stubVariant: '',
      spendPlan: '',
      // The drift section is rebuilt from the served contract a shard's test attached, with the shards' settings.
      driftBaseline: baseline && existsSync(baseline) ? baseline : '',
      failOnDrift: first?.drift?.failOn ?? '',
      servedContract: '',
      terminal: 'full',
    };
    mkdirSync(out, { recursive: true });
    const configFile = join(out, REPORT_DIR_FILES.runConfig);
    writeRunConfig(configFile, config);
    const env = childEnvironment({ FC_RUN_CONFIG: configFile });
    for (const f of [REPORT_FILES.rules, MANIFEST, SIGNATURE]) rmSync(join(out, f), { force: true });
    const r = spawnSync(process.execPath, [PLAYWRIGHT_CLI, 'merge-reports', '--config', join(ROOT, 'playwright.config.ts'), blobs], {
      cwd: ROOT,
      env: playwrightEnv(env),
      stdio: 'inherit',
    });
    if (!existsSync(join(out, REPORT_FILES.rules))) {
      console.error(`forecast-conformance: merge-reports wrote no rules.json (exit ${r.status})`);
      return 2;
    }
    const report = readReport(out);
    const { manifest, publicKeyPem, ephemeral } = writeBundle(out, signingKey);
    console.log(
      `Merged ${dirs.length} shard(s) into ${outDir}/; bundle of ${manifest.files.length} file(s) signed (key ${manifest.keyFingerprint.slice(0, 16)}…)`,
    );
    if (ephemeral) console.log(publicKeyPem.trim());
    return EXIT[report.verdict];
  } finally {
    rmSync(blobs, { recursive: true, force: true });
  }
}
