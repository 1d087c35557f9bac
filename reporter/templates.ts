/**
 * The one templating approach of the report pages and files: Eta templates in reporter/templates/,
 * rendered with autoescape on, so every `<%= value %>` is escaped by construction and no value of a
 * report (a target's body holding `</pre>`, a quote, an `&`) can open, close or break an element.
 * Renderers build a view (data) and hand it to a template; nothing is escaped by hand and nothing is
 * rewritten once rendered (issue 33).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

const MARKUP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A character no HTML or XML document may carry, shown instead as its Unicode control picture (C0
 * controls but tab, newline and return, and DEL) or as U+FFFD (C1 controls, noncharacters, a lone
 * surrogate), so a target's stray control byte stays visible in the exhibits and never breaks the file.
 */
const UNCARRIABLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\u0080-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with every character a document cannot carry replaced by a visible stand-in (see UNCARRIABLE). */
export function carriable(text: string): string {
  return text.replace(UNCARRIABLE, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\uFFFD';
  });
}

/** Eta's escape for `<%= %>`: markup characters as entities, uncarriable characters replaced. */
function escapeValue(value: unknown): string {
  return carriable(String(value)).replace(/[&<>"']/g, (c) => MARKUP[c]!);
}

/** The report templates (autoescape on; `<%~ %>`, raw output, only includes a partial). */
export const templates = new Eta({
  views: join(dirname(fileURLToPath(import.meta.url)), 'templates'),
  autoEscape: true,
  escapeFunction: escapeValue,
  cache: true,
});
