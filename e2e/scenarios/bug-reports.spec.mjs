/**
 * Bug reports end to end (issue 6): staff opens the popover from the left menu by keyboard, meets each
 * 'This field is required' and the too-big message, and sends a report with a PNG made here; an admin goes from
 * the menu's Management item (a new tab) through the management landing page to Bug Reports, finds the report,
 * opens it, sees the image, marks it solved and finds it under the solved filter. A second scenario sends a PDF
 * and sees Chromium's own viewer show it on the report's page.
 */
import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
// The built contracts (the suite needs `npm run build` anyway): texts, limits and paths are imported, never retyped.
import { ATTACHMENT_MAX_BYTES, MESSAGES, PATHS } from '@dv/contracts';
import { shotPath } from '../lib/artifacts.mjs';
import { expect, test } from '../lib/fixtures.mjs';
import { assert, pathOf, settled, signInAt, waitForPath } from '../lib/helpers.mjs';

const { FIELD_REQUIRED, FILE_TOO_BIG, BUG_REPORT_SENT } = MESSAGES;

const IMAGE_WIDTH = 160;
const IMAGE_HEIGHT = 90;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG (8-bit RGB): a teal-to-coral gradient with a dark diagonal, so the preview is easy to recognise. */
function gradientPng(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then pixels
    for (let x = 0; x < width; x += 1) {
      const t = x / (width - 1);
      const onDiagonal = Math.abs(x / width - y / height) < 0.02;
      row[1 + x * 3] = onDiagonal ? 30 : Math.round(0 + t * 240);
      row[2 + x * 3] = onDiagonal ? 30 : Math.round(150 - t * 40);
      row[3 + x * 3] = onDiagonal ? 30 : Math.round(136 - t * 50);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function attach(page, dialog, buttonName, file) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: buttonName }).click(),
  ]);
  await chooser.setFiles(file);
}

async function signOut(page, stack) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  // No 'Do you want to sign out?' on the way: the provider knows the session from the app's id_token_hint.
  await page.waitForURL((url) => url.href.startsWith(stack.issuer) && url.pathname.startsWith('/interaction/'), {
    timeout: 20_000,
  });
}

/** Until no element matches (antd fades field messages out before removing them). */
async function waitForNone(locator, what) {
  await expect(locator, `no longer shown: ${what}`).toHaveCount(0, { timeout: 5_000 });
}

/** Button-style radios: the user clicks the label drawn as the button. */
function statusFilter(page, label) {
  return page.locator('.dv-filters label').filter({ hasText: new RegExp(`^${label}$`) });
}

/** The fixture's `shot` captures the test's first page; this one captures another tab, into the same folder. */
function shotsOf(tab, testId) {
  return (name) => tab.screenshot({ path: shotPath(`${testId}--${name}`) }).catch(() => undefined);
}

/** Chromium's built-in PDF viewer extension, which it loads into a frame that shows a PDF. */
const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

/** '/management/bugs/{id}' as a test of a pathname. */
const BUG_DETAIL_PATH = new RegExp(`^${PATHS.managementBug.replace('{id}', '[^/]+')}$`);

/** Opens the bug report popover from the left menu with the mouse. */
async function openBugReport(page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Bug report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bug report' });
  await dialog.waitFor();
  await settled(page); // the dialog has finished zooming in
  return dialog;
}

async function chooseType(page, dialog, type) {
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.locator('.ant-select-dropdown').getByTitle(type).click();
}

async function sendAndConfirm(page, dialog) {
  const reply = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/bugReports',
  );
  await dialog.getByRole('button', { name: 'Send' }).click();
  assert.equal((await reply).status(), 201, 'PUT /api/bugReports answers 201');
  await page.locator('.dv-info-bar').getByText(BUG_REPORT_SENT).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

/** Finds the report by its title in /management/bugs and opens it. */
async function openReportFromList(page, title) {
  await page.getByLabel('Search', { exact: true }).fill(title);
  await page.waitForURL((url) => url.searchParams.get('text') === title, { waitUntil: 'commit' });
  const row = page.getByRole('row').filter({ hasText: title });
  await row.waitFor();
  await row.getByRole('link', { name: title }).click();
  await page.waitForURL((url) => BUG_DETAIL_PATH.test(url.pathname), { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

/** A one-page PDF that says `text`, with a correct cross-reference table (viewers need no repair). */
function simplePdf(text) {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('bug-reports', async ({ stack, page, context, shot }) => {
  test.setTimeout(180_000);
  const title = `Plan search freezes ${Date.now()}`;
  const explanation = 'Searching for Delta Dental PPO spins forever.\nThe page never shows a result.';
  const png = gradientPng(IMAGE_WIDTH, IMAGE_HEIGHT);

  // ---------- Staff: the popover ----------
  await page.goto(stack.demoUrl);
  await signInAt(page, stack, 'staff@demo.test');
  await waitForPath(page, PATHS.verification);

  // Keyboard: Tab goes from User Guide to the last item, Bug report, and Enter opens it.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'User Guide' }).focus();
  await page.keyboard.press('Tab');
  await page.waitForFunction("document.activeElement?.tagName === 'BUTTON' && document.activeElement.textContent.trim() === 'Bug report'");
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Bug report' });
  await dialog.waitFor();
  await settled(page); // the dialog has finished zooming in
  await shot('1-popover');

  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByText(FIELD_REQUIRED).first().waitFor();
  assert.equal(await dialog.getByText(FIELD_REQUIRED).count(), 3, "'This field is required' under type, title, explanation");

  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/bugReports') sent += 1;
  });
  await attach(page, dialog, 'Attach a file', {
    name: 'huge-scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x25),
  });
  await dialog.getByText(FILE_TOO_BIG).waitFor();
  await shot('2-required-and-too-big');
  await dialog.getByRole('button', { name: 'Send' }).click();
  // A request that must not go out: no event marks its absence, so the test watches for half a second.
  await page.waitForTimeout(500);
  assert.equal(sent, 0, 'nothing is sent with a file over 5 MB');

  await chooseType(page, dialog, 'Technical bug');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Explanation').fill(explanation);
  await attach(page, dialog, 'Choose another file', { name: 'plan-search.png', mimeType: 'image/png', buffer: png });
  await dialog.getByText(/^plan-search\.png \(\d+ (B|KB)\)$/).waitFor();
  await waitForNone(dialog.getByText(FIELD_REQUIRED), FIELD_REQUIRED);
  await waitForNone(dialog.getByText(FILE_TOO_BIG), FILE_TOO_BIG);
  await shot('3-filled');

  await sendAndConfirm(page, dialog);
  await shot('4-sent');

  // ---------- Admin: the management pages, reached from the menu ----------
  await signOut(page, stack);
  await signInAt(page, stack, 'admin@demo.test');
  await waitForPath(page, PATHS.verification);
  // The menu's Management item opens a new tab on the management landing page, which links to Bug Reports.
  const [admin] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Management', exact: true }).click(),
  ]);
  const adminShot = shotsOf(admin, 'bug-reports');
  await waitForPath(admin, PATHS.management);
  await admin.getByRole('heading', { level: 1, name: 'Management' }).waitFor();
  const managementPages = admin.getByRole('navigation', { name: 'Management pages' });
  const offered = (await managementPages.getByRole('link').allInnerTexts()).map((label) => label.trim());
  for (const expected of ['Bug Reports', 'Portal Credentials', 'Integrations']) {
    assert.ok(offered.includes(expected), `the landing page offers ${expected}: ${offered.join(', ')}`);
  }
  assert.ok(!offered.includes('Feature Flags'), 'no page an admin may not open');
  await adminShot('5-management');
  await managementPages.getByRole('link', { name: 'Bug Reports' }).click();
  await waitForPath(admin, PATHS.managementBugs);
  await admin.getByRole('heading', { level: 1, name: 'Bug Reports' }).waitFor();

  await admin.getByLabel('Search', { exact: true }).fill(title);
  await admin.waitForURL((url) => url.searchParams.get('text') === title, { waitUntil: 'commit' });
  const row = admin.getByRole('row').filter({ hasText: title });
  await row.waitFor();
  const rowText = await row.innerText();
  for (const expected of ['Technical bug', 'staff@demo.test', 'Bright Smiles Dental – Main St', 'Unsolved', 'attachment']) {
    assert.ok(rowText.includes(expected), `the row shows ${expected}: ${rowText}`);
  }
  await adminShot('6-list');

  await row.getByRole('link', { name: title }).click();
  await admin.waitForURL((url) => BUG_DETAIL_PATH.test(url.pathname), { waitUntil: 'commit' });
  await admin.getByRole('heading', { level: 2, name: title }).waitFor();
  const image = admin.getByRole('img', { name: 'Attachment plan-search.png' });
  await image.waitFor();
  await image.evaluate(
    (img) =>
      img.complete && img.naturalWidth > 0
        ? undefined
        : new Promise((resolve, reject) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', () => reject(new Error('the attachment image did not decode')), { once: true });
          }),
  );
  const size = await image.evaluate((img) => [img.naturalWidth, img.naturalHeight, img.src.slice(0, 5)]);
  assert.deepEqual(size, [IMAGE_WIDTH, IMAGE_HEIGHT, 'blob:'], 'the sent PNG is shown from a blob URL');
  assert.equal(
    await admin.getByRole('link', { name: 'Download plan-search.png' }).getAttribute('download'),
    'plan-search.png',
  );
  const details = await admin.getByRole('table', { name: title }).innerText();
  assert.ok(details.includes('/verification'), `the page address is kept: ${details}`);
  assert.ok(details.includes('Not solved yet'));
  await adminShot('7-detail');

  await admin.getByRole('button', { name: 'Mark as solved' }).click();
  await admin.getByRole('button', { name: 'Reopen' }).waitFor();
  const solvedOn = admin.getByRole('table', { name: title }).getByRole('rowheader', { name: 'Solved on' }).locator('xpath=following-sibling::td[1]');
  assert.match(await solvedOn.innerText(), /^\d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM)$/);
  await adminShot('8-solved');

  await admin.getByRole('link', { name: 'Back to the list' }).click();
  await admin.waitForURL((url) => url.pathname === PATHS.managementBugs && url.searchParams.get('text') === title, {
    waitUntil: 'commit',
  });
  assert.equal(await admin.getByLabel('Search', { exact: true }).inputValue(), title, 'the filters are kept');

  const solvedList = admin.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/management/bugs' && url.searchParams.get('solved') === 'true';
  });
  await statusFilter(admin, 'Solved').click();
  await admin.waitForURL((url) => url.searchParams.get('solved') === 'true', { waitUntil: 'commit' });
  assert.equal((await solvedList).status(), 200);
  await waitForNone(admin.locator('table[aria-busy="true"]'), 'the list loading');
  await row.waitFor();
  assert.ok((await row.innerText()).includes('Solved'));
  await adminShot('9-solved-filter');

  await statusFilter(admin, 'Unsolved').click();
  await admin.waitForURL((url) => url.searchParams.get('solved') === 'false', { waitUntil: 'commit' });
  await admin.getByText('No bug reports match these filters.').waitFor();
  assert.equal(await row.count(), 0, 'not among the unsolved');
  assert.equal(pathOf(admin), PATHS.managementBugs);
});

/**
 * A PDF attachment end to end: an admin (every role may report) sends a report with a PDF made here, opens it in
 * /management/bugs/{id} and sees Chromium's own PDF viewer show the very bytes that were sent, from a blob URL.
 */
test('bug-reports-pdf', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  const title = `Benefits letter misread ${Date.now()}`;
  const fileName = 'benefits-letter.pdf';
  const pdf = simplePdf('Deductible: 50 USD');

  await page.goto(stack.demoUrl);
  await signInAt(page, stack, 'admin@demo.test');
  await waitForPath(page, PATHS.verification);
  const dialog = await openBugReport(page);
  await chooseType(page, dialog, 'Data error');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Explanation').fill('The letter says the deductible is 50; the plan shows 0.');
  await attach(page, dialog, 'Attach a file', { name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByText(/^benefits-letter\.pdf \(\d+ B\)$/).waitFor();
  await shot('1-filled');
  await sendAndConfirm(page, dialog);

  await page.goto(`${stack.demoUrl}${PATHS.managementBugs}`);
  await page.getByRole('heading', { level: 1, name: 'Bug Reports' }).waitFor();
  await openReportFromList(page, title);

  const preview = page.locator(`iframe[title="Attachment ${fileName}"]`);
  await preview.waitFor();
  const src = await preview.getAttribute('src');
  assert.ok(src?.startsWith('blob:'), `the PDF is shown from a blob URL: ${src}`);
  // The page's own download link hands over the blob the preview shows (the CSP keeps fetch off blob: URLs).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download ${fileName}` }).click()]);
  assert.equal(download.suggestedFilename(), fileName);
  assert.ok((await readFile(await download.path())).equals(pdf), 'the browser holds the bytes that were sent');

  const frame = await (await preview.elementHandle())?.contentFrame();
  assert.ok(frame, 'the preview frame is there');
  // Chromium shows a PDF as a document of that type with its PDF viewer (a built-in extension) in a frame inside.
  assert.equal(await frame.evaluate(() => globalThis.document.contentType), 'application/pdf');
  const viewerFrame = () => frame.childFrames().find((child) => child.url().startsWith(PDF_VIEWER));
  await expect
    .poll(() => frame.childFrames().map((child) => child.url()), { message: 'the PDF viewer in the preview', timeout: 10_000 })
    .toContainEqual(expect.stringMatching(new RegExp(`^${PDF_VIEWER}`)));
  await viewerFrame().waitForLoadState();
  const details = await page.getByRole('table', { name: title }).innerText();
  assert.ok(details.includes('Data error'), `the report's type is shown: ${details}`);
  // The viewer's toolbar counts the pages once it has read the document: then it shows, for the screenshot.
  await expect(viewerFrame().locator('#pagelength')).toHaveText('1');
  await shot('2-pdf-preview');
});
