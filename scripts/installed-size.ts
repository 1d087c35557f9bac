/**
 * The installed size of a user's `npm install forecast-conformance` (issue 35: a lean install), measured
 * offline from this checkout: the runtime dependency closure npm would install, read from package-lock.json
 * (`dependencies`, installed `optionalDependencies`, and peers that are not marked optional: npm installs
 * those, never the optional ones such as echarts or viem's typescript), summed over the folders already in
 * node_modules, plus the packed tarball's own files.
 *
 * Usage: tsx scripts/installed-size.ts [--own-bytes N] [--max-mb N]
 *   --own-bytes: the unpacked size of the package itself (package-check.sh passes the tarball's);
 *   --max-mb: exit 1 above this size (MB, 10^6 bytes).
 * Prints one line: "installed size: X MB in N packages (...)". Exits 1 also when a package that must stay
 * out of a user's install (FORBIDDEN) is in the closure, naming the path that pulls it in.
 */
import { lstatSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { parseArgs } from 'node:util';

/** Packages a user's install must not carry (only the load report's charts or the type checker need them). */
const FORBIDDEN = ['echarts', 'typescript'];

interface LockPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const { values } = parseArgs({ options: { 'own-bytes': { type: 'string' }, 'max-mb': { type: 'string' } } });
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };

/** Where node resolves `name` from the package at lock path `from` (its own node_modules, then each parent's). */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const i = base.lastIndexOf('/node_modules/');
    base = i < 0 ? '' : base.slice(0, i);
  }
}

/** Bytes of a folder's files, not counting nested node_modules (each installed package is counted once). */
function folderBytes(dir: string): number {
  let sum = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) sum += folderBytes(p);
    else sum += lstatSync(p).size;
  }
  return sum;
}

const seen = new Map<string, string>(); // lock path -> the path that pulled it in
const queue: { path: string; via: string }[] = [{ path: '', via: 'forecast-conformance' }];
while (queue.length) {
  const { path, via } = queue.shift()!;
  const pkg = lock.packages[path]!;
  const optionalPeer = (n: string) => pkg.peerDependenciesMeta?.[n]?.optional === true;
  const names = [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}).filter((n) => !optionalPeer(n)),
  ];
  for (const name of names) {
    const at = resolve(path, name);
    // An optional dependency for another platform is in the lock but not on disk: npm skips it there too.
    if (!at || seen.has(at) || !existsSync(join(root, at))) continue;
    seen.set(at, `${via} > ${name}`);
    queue.push({ path: at, via: `${via} > ${name}` });
  }
}

const depBytes = [...seen.keys()].reduce((sum, p) => sum + folderBytes(join(root, p)), 0);
const own = Number(values['own-bytes'] ?? 0);
const mb = (depBytes + own) / 1e6;
const forbidden = [...seen].filter(([p]) => FORBIDDEN.some((f) => p.endsWith(`node_modules/${f}`)));
console.log(
  `installed size: ${mb.toFixed(1)} MB in ${seen.size + 1} packages (dependencies ${(depBytes / 1e6).toFixed(1)} MB, ` +
    `the package ${(own / 1e6).toFixed(1)} MB)${forbidden.length ? '' : `; not installed: ${FORBIDDEN.join(', ')}`}`,
);
for (const [p, via] of forbidden) console.error(`installed size: ${p.split('node_modules/').pop()} would be installed for a user (${via})`);
const max = values['max-mb'] === undefined ? undefined : Number(values['max-mb']);
const over = max !== undefined && mb > max;
if (over) console.error(`installed size: ${mb.toFixed(1)} MB is over the bound of ${max} MB`);
process.exit(forbidden.length || over ? 1 : 0);
