/**
 * `npm run report:screenshot [-- REPORT_DIR]`: renders certification.html with headless Chromium
 * from Debian's packages (`apt-get update && apt-get install -y chromium`) and saves full-page
 * screenshots (top of the page, and the page with the rule table filtered to FAILED) next to it,
 * so a person can look at the report as a reader would. Not part of `npm test`: CI stays
 * browser-free where Chromium is absent. The page is opened from disk; nothing is fetched.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const CHROMIUM = '/usr/bin/chromium';
const dir = resolve(process.argv[2] ?? 'reports');
const page = join(dir, 'certification.html');
if (!existsSync(page)) {
  console.error(`no ${page}: run \`npm start\` (or forecast-conformance run) first`);
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(`no ${CHROMIUM}: apt-get update && apt-get install -y chromium`);
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const tab = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // Self-contained means no request leaves the file: anything else is aborted and reported.
  const outside: string[] = [];
  await tab.route('**/*', (route) =>
    route.request().url().startsWith('file:') ? route.continue() : (outside.push(route.request().url()), route.abort()),
  );
  await tab.goto(pathToFileURL(page).href);
  await tab.screenshot({ path: join(dir, 'certification-top.png'), timeout: 120_000 });
  await tab.screenshot({ path: join(dir, 'certification-full.png'), fullPage: true, timeout: 120_000 });
  await tab.locator('.matrices').screenshot({ path: join(dir, 'certification-matrices.png'), timeout: 120_000 });
  await tab.selectOption('#f-status', { index: 1 });
  const shown = await tab.locator('#f-count').textContent();
  await tab.locator('#rules').scrollIntoViewIfNeeded();
  await tab.screenshot({ path: join(dir, 'certification-filtered.png'), timeout: 120_000 });
  console.log(`screenshots in ${dir}/certification-{top,full,matrices,filtered}.png; filter shows ${shown}`);
  if (outside.length) {
    console.error(`the page requested outside resources: ${outside.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
}
