/**
 * Which operation of contract/openapi.yaml answers a request: `operationOf(method, path)` matches the
 * document's path templates (literal paths win over templates: /markets/search before /markets/{slug}).
 * Used by the budget (suites/support/budget.ts) to price a call and by `replay` (cli/replay.ts).
 */
import { contract } from './index.ts';

let templates: { operationId: string; method: string; re: RegExp; literal: boolean }[] | undefined;
/** The operationId answering `method path` (query string ignored), from contract/openapi.yaml paths. */
export function operationOf(method: string, path: string): string | undefined {
  templates ??= [...contract().operations.values()]
    .map((op) => ({
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      re: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`),
      literal: !op.path.includes('{'),
    }))
    // Literal paths win over templates (/markets/search before /markets/{slug}/...).
    .sort((a, b) => Number(b.literal) - Number(a.literal));
  const bare = path.replace(/[?#].*$/, '');
  const pathname = /^https?:/i.test(bare) ? new URL(bare).pathname : bare;
  return templates.find((t) => t.method === method.toUpperCase() && t.re.test(pathname))?.operationId;
}

let operationWords: { id: string; re: RegExp }[] | undefined;
/** The operationIds `text` names as whole words, sorted (a per-operation test's title names its operation). */
export function operationsNamed(text: string): string[] {
  operationWords ??= [...contract().operations.values()].map((op) => ({ id: op.operationId, re: new RegExp(`\\b${op.operationId}\\b`) }));
  return operationWords
    .filter((w) => w.re.test(text))
    .map((w) => w.id)
    .sort();
}
