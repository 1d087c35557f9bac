/**
 * Adapts a WHATWG fetch Response (what the official @x402/fetch client returns) to the slice of
 * Playwright's APIResponse the matchers read, so `toMatchContract` checks it like any other answer.
 */
import type { APIResponse } from '@playwright/test';

/** The response read once; `status`, `headers`, `text`, `json` and `url` as APIResponse has them. */
export async function fromFetch(res: Response): Promise<APIResponse> {
  const text = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const adapted = {
    status: () => res.status,
    ok: () => res.ok,
    statusText: () => res.statusText,
    headers: () => headers,
    url: () => res.url,
    text: async () => text,
    body: async () => Buffer.from(text, 'utf8'),
    json: async () => JSON.parse(text) as unknown,
  };
  return adapted as unknown as APIResponse;
}
