/**
 * A verdict's exhibits show the exchange each violation was found in (suites/support/exhibit.ts `drawnFrom`):
 * a test that judges several answers and holds its violations to the end attaches one exhibit per answer,
 * not the test's last exchange for all of them; a violation made by `violation()` keeps the answer last read when it
 * was made.
 */
import { test, expect } from '@playwright/test';
import { EXHIBIT_ATTACHMENT, type Exhibit } from '../../lib/exhibit.ts';
import { violation, type Violation } from '../../lib/violation.ts';
import { attachExhibit, curlOf, drawnFrom, rememberExchange, sameExchange } from '../../suites/support/exhibit.ts';
import { bufferedResponse } from '../../suites/support/transport.ts';

const answerAt = async (path: string, status: number) => {
  const url = `http://127.0.0.1:1${path}`;
  const res = bufferedResponse({ url, status, statusText: '', headers: [], body: Buffer.from(`{"at":"${path}"}`) });
  await rememberExchange('GET', url, {}, undefined, res);
  return res;
};
const v = (ruleId: string): Violation => ({ ruleId, severity: 'error', path: '/', message: ruleId });
const exhibits = () =>
  test
    .info()
    .attachments.filter((a) => a.name === EXHIBIT_ATTACHMENT)
    .map((a) => JSON.parse(a.body!.toString('utf8')) as Exhibit);

test('violations drawn from an earlier answer are exhibited with it, the rest with the last exchange', async () => {
  const first = await answerAt('/api/v1/sources?market_keys=a', 200);
  const held = drawnFrom(first, [v('SRC-019')]);
  await answerAt('/api/v1/sources?market_keys=b', 404);
  attachExhibit([...held, v('ERR-006')]);
  const [a, b] = exhibits();
  expect(a!.request!.url).toContain('market_keys=a');
  expect(a!.violations.map((x) => x.ruleId)).toEqual(['SRC-019']);
  expect(b!.request!.url).toContain('market_keys=b');
  expect(b!.response!.status).toBe(404);
  expect(b!.violations.map((x) => x.ruleId)).toEqual(['ERR-006']);
});

test('a violation re-graded by the catalogue keeps the exchange it was drawn from', async () => {
  const first = await answerAt('/api/v1/latest?hours=1', 200);
  const [found] = drawnFrom(first, [v('LIM-020')]);
  await answerAt('/api/v1/latest?hours=2', 200);
  attachExhibit([sameExchange(found!, { ...found!, severity: 'warning' })]);
  expect(exhibits()[0]!.request!.url).toContain('hours=1');
});

test('a violation made as an answer is judged is exhibited with that answer, though the test read others before it reported', async () => {
  await answerAt('/api/v1/signals/oil?start=a', 200);
  const found = [violation('OIL-011', 'status', 'made while judging the first answer')];
  const second = await answerAt('/api/v1/signals/oil?start=b', 429);
  found.push(violation('LIM-004', 'status', 'made while judging the second answer'));
  await answerAt('/api/v1/pricing', 200);
  // The matcher's answer, when given, comes first; a test's own drawnFrom before both.
  const given = violation('ERR-006', '/', 'made while judging the third answer');
  attachExhibit([...found, v('SRC-001')]);
  const urls = exhibits().map((e) => [e.request!.url.replace(/^.*\/api\/v1\//, ''), e.violations.map((x) => x.ruleId).join(',')]);
  expect(urls).toEqual([
    ['signals/oil?start=a', 'OIL-011'],
    ['signals/oil?start=b', 'LIM-004'],
    ['pricing', 'SRC-001'],
  ]);
  attachExhibit([given], second);
  expect(exhibits()[3]!.request!.url).toContain('start=b');
});

test("a request sent from a chosen source address is reproduced from it (a per-IP bound's failure needs the address)", async () => {
  const url = 'http://127.0.0.1:1/api/v1/latest';
  const res = bufferedResponse({ url, status: 429, statusText: '', headers: [], body: Buffer.from('{}') });
  await rememberExchange('GET', url, {}, undefined, res, '127.1.0.7');
  attachExhibit([v('LIM-015')], res);
  const [e] = exhibits();
  expect(e!.request!.sourceAddress).toBe('127.1.0.7');
  expect(e!.curl).toBe(`curl -sS -i -X GET '${url}' --interface 127.1.0.7`);
  // Left from the operating system's choice: no --interface.
  expect(curlOf({ method: 'GET', url, headers: {} })).not.toContain('--interface');
});
