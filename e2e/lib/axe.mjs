/**
 * Accessibility and phone-width checks for any scenario (issue 12): axe-core with its default rules must find no
 * serious or critical violation, and the page itself must not scroll sideways. Both throw with a list a person
 * can act on. checkBothSizes makes both at the desktop and the phone sizes.
 *
 *   await checkAccessibility(page, 'bug list at 390x844');
 *   await checkNoHorizontalScroll(page, 'bug list at 390x844');
 *   await checkBothSizes(page, 'bug list', { shot: fullPageShot(page, 'bug-reports') });
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { shotPath } from './artifacts.mjs';
import { settled } from './helpers.mjs';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');
let axeSource;

/** The impacts that fail a check; 'minor' and 'moderate' are left to review. */
export const BLOCKING_IMPACTS = ['serious', 'critical'];

/** The viewports every page has to work at: the desktop the product was laid out for, and a phone. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** One line per violation and node: rule, impact, where, what to do. */
export function formatViolations(violations) {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `  [${violation.impact}] ${violation.id} at ${node.target.join(' > ')}: ${violation.help} (${violation.helpUrl})` +
          (node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''),
      ),
    )
    .join('\n');
}

/** Runs axe-core on the page as it is now (injected once per document) and returns every violation. */
export async function axeViolations(page) {
  const present = await page.evaluate(() => typeof globalThis.axe !== 'undefined');
  // Evaluated through the DevTools protocol rather than added as a <script>: the app's Content-Security-Policy
  // (script-src 'self') rightly refuses an inline script, and the check must not loosen it.
  axeSource ??= readFileSync(AXE_SCRIPT, 'utf8');
  if (!present) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const outcome = await globalThis.axe.run(globalThis.document, { resultTypes: ['violations'] });
    return outcome.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target.map(String), failureSummary })),
    }));
  });
  return results;
}

/** Fails when axe-core finds a serious or critical violation; returns the milder ones for a scenario to log. */
export async function checkAccessibility(page, label) {
  const violations = await axeViolations(page);
  const blocking = violations.filter((violation) => BLOCKING_IMPACTS.includes(violation.impact));
  if (blocking.length > 0) {
    const rules = blocking.map((violation) => `${violation.id} (${violation.impact}, ${violation.nodes.length})`).join(', ');
    // The runner prints only an error's first lines: the whole list goes to the log, the rules into the message.
    console.log(`axe-core on ${label}:\n${formatViolations(blocking)}`);
    throw new Error(`axe-core found serious or critical violations on ${label}: ${rules}`);
  }
  return violations;
}

/** Fails when the document is wider than the viewport, naming the widest elements that stick out. */
export async function checkNoHorizontalScroll(page, label) {
  const measured = await page.evaluate(() => {
    const viewport = globalThis.innerWidth;
    const scrollWidth = globalThis.document.documentElement.scrollWidth;
    const describe = (element) => {
      const id = element.id ? `#${element.id}` : '';
      const names = typeof element.className === 'string' ? element.className.trim().split(/\s+/).filter(Boolean) : [];
      const classes = names.length > 0 ? `.${names.slice(0, 3).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${id}${classes}`;
    };
    const overflowing =
      scrollWidth > viewport
        ? [...globalThis.document.body.querySelectorAll('*')]
            .map((element) => ({ element, right: element.getBoundingClientRect().right }))
            .filter(({ right }) => right > viewport + 1)
            .sort((a, b) => b.right - a.right)
            .slice(0, 8)
            .map(({ element, right }) => `${describe(element)} (right edge ${Math.round(right)})`)
        : [];
    return { viewport, scrollWidth, overflowing };
  });
  if (measured.scrollWidth > measured.viewport) {
    throw new Error(
      `${label}: the page scrolls sideways (document ${measured.scrollWidth} px wide, viewport ${measured.viewport} px); ` +
        `sticking out: ${measured.overflowing.join(', ')}`,
    );
  }
}

/**
 * Fails when the table's scroll box (the region named `region`) scrolls sideways at the page's size: on a desktop
 * a wide table wraps its cells, so that every column is in view. Names the column headers out of view.
 */
export async function checkTableFits(page, region) {
  const measured = await page.getByRole('region', { name: region }).evaluate((box) => {
    const right = box.getBoundingClientRect().right;
    const hidden = [...box.querySelectorAll('th[scope="col"]')]
      .filter((header) => header.getBoundingClientRect().right > right + 1)
      .map((header) => header.textContent.trim());
    return { shown: box.clientWidth, needed: box.scrollWidth, hidden };
  });
  if (measured.needed > measured.shown) {
    throw new Error(
      `${region}: the table scrolls sideways (${measured.needed} px needed, ${measured.shown} px shown); ` +
        `out of view: ${measured.hidden.join(', ') || 'part of the last column'}`,
    );
  }
}

/**
 * No serious or critical violation (`check`: axe-core on the whole page unless told otherwise) and no sideways
 * scroll, at the desktop and the phone sizes, each once the page has settled; `shot(name)`, when given, takes the
 * phone's picture as `<label>-phone`. Back at the desktop size after.
 */
export async function checkBothSizes(page, label, { check = checkAccessibility, shot } = {}) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await settled(page);
    await check(page, `${label} at ${size}`);
    await checkNoHorizontalScroll(page, `${label} at ${size}`);
    if (size === 'phone' && shot) await shot(`${label}-phone`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** A `shot` for checkBothSizes: the whole of `page` (any page of the test, not only the fixture's) as `<prefix>--<name>.png`. */
export function fullPageShot(page, prefix) {
  return (name) => page.screenshot({ path: shotPath(`${prefix}--${name}`), fullPage: true });
}
