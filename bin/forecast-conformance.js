#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so that the package needs no build step.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// tsx resolved from this package (not from the caller's folder), so an installed package finds its own.
const tsx = import.meta.resolve('tsx');
const child = spawn(process.execPath, ['--import', tsx, join(root, 'cli/main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
// SIGINT/SIGTERM are passed on: the CLI stops the run, writes every report and exits 2.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 2));
