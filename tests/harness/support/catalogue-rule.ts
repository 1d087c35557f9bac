/** A catalogue rule for the harness's own tests: a black-box MUST rule `id`, with `extra` fields over it. */
import type { Rule } from '../../../contract/rules.ts';

export const rule = (id: string, extra: Partial<Rule> = {}): Rule => ({
  id,
  section: 'S',
  level: 'MUST',
  text: `rule ${id}`,
  observe: 'black-box',
  kind: 'rule',
  file: 't.yaml',
  ...extra,
});
