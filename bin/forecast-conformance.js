#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so that the package needs no build step.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'cli/main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
