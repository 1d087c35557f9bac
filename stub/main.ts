/**
 * `npm run stub`: the reference stub as a standalone server.
 * Environment: PORT (default 4010), HOST (default 127.0.0.1), SITE_URL, STUB_API_KEYS
 * (comma-separated), CONTROL_TOKEN (enables the control plane), STUB_SEED, STUB_NOW (ISO anchor), STUB_LOG=1,
 * STUB_PROFILING=off (social profiling not configured: POST /api/v1/x/profile answers 503),
 * STUB_SELF_CHECK=1 (validate every answer against the contract and print violations),
 * STUB_LIMITS=off (rate limits lifted, for throughput runs only; default on).
 * FC_MUTANT (switch on one mutant of stub/mutants.ts; never in production).
 * STUB_VARIANT=alt (the alternate stub: every gap's other allowed choice, stub/variant.ts).
 */
import { DEFAULT_DEV_KEY } from './config.ts';
import { startStub } from './app.ts';
import { DEFAULT_STUB_SEED } from '../lib/settings.ts';

const env = process.env;
const keys = env.STUB_API_KEYS?.split(',')
  .map((k) => k.trim())
  .filter(Boolean);
const stub = await startStub({
  port: Number(env.PORT ?? 4010),
  host: env.HOST ?? '127.0.0.1',
  ...(env.SITE_URL ? { siteUrl: env.SITE_URL.replace(/\/+$/, '') } : {}),
  ...(keys?.length ? { apiKeys: keys } : {}),
  ...(env.CONTROL_TOKEN ? { controlToken: env.CONTROL_TOKEN } : {}),
  seed: Number(env.STUB_SEED ?? DEFAULT_STUB_SEED),
  ...(env.STUB_NOW ? { anchor: new Date(env.STUB_NOW) } : {}),
  log: env.STUB_LOG === '1',
  ...(env.FC_MUTANT ? { mutant: env.FC_MUTANT } : {}),
  ...(env.STUB_VARIANT ? { variant: env.STUB_VARIANT } : {}),
  ...(env.STUB_PROFILING === 'off' ? { profiling: false } : {}),
  ...(env.STUB_LIMITS === 'off' ? { limitsLifted: true } : {}),
  ...(env.STUB_SELF_CHECK === '1'
    ? {
        selfCheck: (op: string, vs: { ruleId: string; path: string; message: string }[]) =>
          console.error(`self-check ${op}: ${vs.map((v) => `[${v.ruleId}] ${v.path} ${v.message}`).join('; ')}`),
      }
    : {}),
});
console.log(`forecast-conformance stub listening on ${stub.url}`);
console.log(`site url: ${stub.ctx.config.siteUrl}`);
if (stub.ctx.config.variant === 'alt') console.log("variant: alt (the alternate stub: every gap rule's alternate choice)");
if (!keys?.length) console.log(`development API key: ${DEFAULT_DEV_KEY}`);
if (stub.ctx.limits.isLifted) console.log('rate limits: LIFTED (STUB_LIMITS=off); the Limits table is not enforced');
console.log(`control plane: ${stub.ctx.config.controlToken ? 'on' : 'off (set CONTROL_TOKEN to enable)'}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stub.close().then(() => process.exit(0)));
}
