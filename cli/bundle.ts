/**
 * The signed report bundle: `manifest.json` lists every report file with its SHA-256 and size, and
 * `manifest.sig` is an ed25519 signature (node:crypto) of the manifest's exact bytes. The manifest
 * carries the public key (SPKI, base64); `verify` checks every file's hash and the signature, and,
 * given a trusted public key, that the bundle was signed by it. The private key is never written.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify as verifySignature,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { TEST_RESULTS_DIR } from '../lib/run-state.ts';

export const MANIFEST = 'manifest.json';
export const SIGNATURE = 'manifest.sig';
/** Folders of a report directory that are working state, not reports. */
const EXCLUDED = new Set([TEST_RESULTS_DIR]);

export interface Manifest {
  format: 'forecast-conformance-bundle/1';
  createdAt: string;
  /** ed25519 public key, DER SPKI, base64. */
  publicKey: string;
  /** SHA-256 of the DER public key, hex: what a reader compares with the printed fingerprint. */
  keyFingerprint: string;
  files: { path: string; sha256: string; bytes: number }[];
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function filesOf(dir: string, root = dir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      const rel = relative(root, path).split(sep).join('/');
      if (rel === MANIFEST || rel === SIGNATURE || EXCLUDED.has(rel)) return [];
      return statSync(path).isDirectory() ? filesOf(path, root) : [rel];
    });
}

/** The signing key: a PEM ed25519 private key file, or a fresh ephemeral pair. @throws Error for another key type. */
export function signingKey(file?: string): { privateKey: KeyObject; publicKey: KeyObject; ephemeral: boolean } {
  if (!file) {
    const pair = generateKeyPairSync('ed25519');
    return { ...pair, ephemeral: true };
  }
  const privateKey = createPrivateKey(readFileSync(file));
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(`${file}: not an ed25519 private key (${privateKey.asymmetricKeyType ?? 'unknown type'})`);
  return { privateKey, publicKey: createPublicKey(privateKey), ephemeral: false };
}

/** Fingerprint of a public key: SHA-256 of its DER SPKI, hex. */
export function fingerprint(publicKey: KeyObject): string {
  return sha256(publicKey.export({ type: 'spki', format: 'der' }));
}

/**
 * Writes manifest.json and manifest.sig for every file under `dir`.
 * @returns the manifest and the public key in PEM (printed by the CLI).
 */
export function writeBundle(dir: string, keyFile?: string): { manifest: Manifest; publicKeyPem: string; ephemeral: boolean } {
  const { privateKey, publicKey, ephemeral } = signingKey(keyFile);
  const manifest: Manifest = {
    format: 'forecast-conformance-bundle/1',
    createdAt: new Date().toISOString(),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    keyFingerprint: fingerprint(publicKey),
    files: filesOf(dir).map((path) => {
      const data = readFileSync(join(dir, path));
      return { path, sha256: sha256(data), bytes: data.length };
    }),
  };
  const bytes = Buffer.from(JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, MANIFEST), bytes);
  writeFileSync(join(dir, SIGNATURE), sign(null, bytes, privateKey).toString('base64') + '\n');
  return { manifest, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), ephemeral };
}

export interface VerifyResult {
  ok: boolean;
  problems: string[];
  files: number;
  keyFingerprint?: string;
}

/**
 * Verifies a bundle: the signature over manifest.json, every listed file's SHA-256 and size, and no
 * unlisted report file. With `trustedKeyFile` (PEM public key), also that the bundle was signed by it.
 */
export function verifyBundle(dir: string, trustedKeyFile?: string): VerifyResult {
  const problems: string[] = [];
  if (!existsSync(join(dir, MANIFEST)) || !existsSync(join(dir, SIGNATURE)))
    return { ok: false, problems: [`${dir} has no ${MANIFEST} and ${SIGNATURE}`], files: 0 };
  const bytes = readFileSync(join(dir, MANIFEST));
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    return { ok: false, problems: [`${MANIFEST} is not JSON`], files: 0 };
  }
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: Buffer.from(manifest.publicKey, 'base64'), format: 'der', type: 'spki' });
  } catch {
    return { ok: false, problems: [`${MANIFEST} carries no readable public key`], files: 0 };
  }
  if (trustedKeyFile) {
    const trusted = createPublicKey(readFileSync(trustedKeyFile));
    if (fingerprint(trusted) !== fingerprint(publicKey))
      problems.push(`signed by key ${fingerprint(publicKey).slice(0, 16)}…, not by the trusted key ${fingerprint(trusted).slice(0, 16)}…`);
  }
  const signature = Buffer.from(readFileSync(join(dir, SIGNATURE), 'utf8').trim(), 'base64');
  if (!verifySignature(null, bytes, publicKey, signature)) problems.push(`${SIGNATURE}: the signature does not match ${MANIFEST}`);
  const listed = new Set<string>();
  for (const f of manifest.files ?? []) {
    listed.add(f.path);
    const path = join(dir, f.path);
    if (!existsSync(path)) {
      problems.push(`${f.path}: missing`);
      continue;
    }
    const data = readFileSync(path);
    if (data.length !== f.bytes || sha256(data) !== f.sha256)
      problems.push(`${f.path}: changed (SHA-256 ${sha256(data).slice(0, 16)}…, manifest says ${f.sha256.slice(0, 16)}…)`);
  }
  for (const path of filesOf(dir)) if (!listed.has(path)) problems.push(`${path}: not listed in the manifest`);
  return { ok: problems.length === 0, problems, files: listed.size, keyFingerprint: fingerprint(publicKey) };
}
