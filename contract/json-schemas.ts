/**
 * The JSON Schemas of the project's own data files, checked with ajv (JSON Schema 2020-12) when they load:
 *
 * - `contract/rules.schema.json`: one file of the rule catalogue (contract/rules/<family>.yaml), read by
 *   `loadRules()` (contract/rules.ts), so a misspelt `level: MUSTT` or `observe` stops every run and
 *   `npm run rules:check`;
 * - `contract/facts.schema.json`: the `x-fc-*` facts of one operation of contract/openapi.yaml, read by
 *   `parseFacts()` (contract/operation-facts.ts) when the contract loads.
 *
 * Each validator is compiled once per process, on first use.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const RULES_SCHEMA_PATH = join(HERE, 'rules.schema.json');
export const FACTS_SCHEMA_PATH = join(HERE, 'facts.schema.json');

const compiled = new Map<string, ValidateFunction>();
function validatorOf(path: string): ValidateFunction {
  let v = compiled.get(path);
  if (!v) {
    // strict: an unknown keyword or a type-less constraint in our own schema is a bug of the schema.
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
    v = ajv.compile(JSON.parse(readFileSync(path, 'utf8')) as object);
    compiled.set(path, v);
  }
  return v;
}

/** One ajv error as "<where> <message>": an enum's allowed values and an unknown field or extension spelled out. */
function describe(e: ErrorObject, where: string): string {
  const p = e.params as { allowedValues?: unknown[]; additionalProperty?: string; unevaluatedProperty?: string; propertyName?: string };
  if (e.keyword === 'enum') return `${where} must be one of ${p.allowedValues?.map(String).join(', ')}`;
  if (e.keyword === 'additionalProperties') return `${where} has an unknown field ${p.additionalProperty}`;
  if (e.keyword === 'unevaluatedProperties') return `${where} has an unknown field ${p.unevaluatedProperty}`;
  if (e.keyword === 'propertyNames') return `${where} has an unknown extension ${p.propertyName}`;
  return `${where} ${e.message ?? e.keyword}`;
}

/** Errors of composite keywords only repeat the errors of their parts (the rules schema's `not` is reported as such). */
const COMPOSITE = new Set(['oneOf', 'anyOf', 'if', 'not']);

/**
 * Problems of one catalogue file's entries against contract/rules.schema.json, each "<ID>: <field> <problem>"
 * (the entry's index when it has no ID). Empty when the file is valid.
 */
export function ruleFileProblems(entries: unknown): string[] {
  const v = validatorOf(RULES_SCHEMA_PATH);
  if (v(entries)) return [];
  const list = Array.isArray(entries) ? (entries as unknown[]) : [];
  return unique(
    (v.errors ?? [])
      .filter((e) => !COMPOSITE.has(e.keyword) || e.keyword === 'not')
      .map((e) => {
        const [, index = '', ...field] = e.instancePath.split('/');
        const entry = list[Number(index)] as { id?: unknown } | undefined;
        const who = typeof entry?.id === 'string' ? entry.id : `entry ${index || '(file)'}`;
        if (e.keyword === 'not') return `${who}: choice and alternate belong to gaps only (kind: gap)`;
        if (e.keyword === 'required') {
          const missing = (e.params as { missingProperty: string }).missingProperty;
          if (missing === 'id') return `${who}: malformed rule id (none)`;
          return missing === 'choice' && field.length === 0
            ? `${who}: gap without choice`
            : `${who}: missing ${[...field, missing].join('.')}`;
        }
        if (field.join('.') === 'id') return `${who}: malformed rule id (FAMILY-NNN)`;
        return describe(e, `${who}: ${field.join('.') || 'entry'}`);
      }),
  );
}

/**
 * Problems of one operation object's `x-fc-*` facts against contract/facts.schema.json, each
 * "<extension path> <problem>". Empty when they are valid.
 */
export function factsProblems(operation: unknown): string[] {
  const v = validatorOf(FACTS_SCHEMA_PATH);
  if (v(operation)) return [];
  // The errors inside propertyNames only say why a name failed: its own error names it.
  const errors = (v.errors ?? []).filter((e) => !COMPOSITE.has(e.keyword) && !e.schemaPath.startsWith('#/propertyNames/'));
  return unique(
    errors.map((e) => {
      const where = e.instancePath.slice(1).split('/').join('.');
      if (e.keyword === 'required')
        return `missing ${where ? `${where}.` : ''}${(e.params as { missingProperty: string }).missingProperty}`;
      return describe(e, where || 'operation');
    }),
  );
}

const unique = (xs: string[]): string[] => [...new Set(xs)];
