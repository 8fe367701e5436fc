/**
 * Bug reports end to end (issue 6): staff opens the popover from the left menu by keyboard, meets each
 * 'This field is required' and the too-big message, and sends a report with a PNG made here; an admin finds it
 * in /management/bugs, opens it, sees the image, marks it solved and finds it under the solved filter.
 */
import { deflateSync } from 'node:zlib';
// The built contracts (the suite needs `npm run build` anyway): texts and limits are imported, never retyped.
import { ATTACHMENT_MAX_BYTES, MESSAGES } from '@dv/contracts';
import { assert, pathOf, signInAt, waitForPath } from '../lib/helpers.mjs';

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
  await page.waitForURL((url) => url.href.startsWith(stack.issuer), { timeout: 20_000 });
  const confirm = page.getByRole('button', { name: 'Sign out' });
  if (await confirm.count()) await confirm.click();
  await page.waitForURL((url) => url.href.startsWith(stack.issuer) && url.pathname.startsWith('/interaction/'), {
    timeout: 20_000,
  });
}

/** Until no element matches (antd fades field messages out before removing them). */
async function waitForNone(locator, what) {
  const deadline = Date.now() + 5_000;
  while ((await locator.count()) > 0) {
    if (Date.now() > deadline) throw new Error(`still shown: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Button-style radios hide their input; the user clicks the label. */
function statusFilter(page, label) {
  return page.locator('.dv-bug-list__filters label').filter({ hasText: new RegExp(`^${label}$`) });
}

export const bugReports = {
  id: 'bug-reports',
  timeoutMs: 180_000,
  async run({ stack, page, shot }) {
    const title = `Plan search freezes ${Date.now()}`;
    const explanation = 'Searching for Delta Dental PPO spins forever.\nThe page never shows a result.';
    const png = gradientPng(IMAGE_WIDTH, IMAGE_HEIGHT);

    // ---------- Staff: the popover ----------
    await page.goto(stack.demoUrl);
    await signInAt(page, stack, 'staff@demo.test');
    await waitForPath(page, '/verification');

    // Keyboard: the menu is in the tab order; End goes to its last item, Bug report, and Enter opens it.
    const menu = page.getByRole('navigation', { name: 'Main menu' }).getByRole('menu');
    assert.equal(await menu.getAttribute('tabindex'), '0', 'the menu is in the tab order');
    await menu.focus();
    await page.keyboard.press('End');
    // The menu moves the focus on the next animation frame.
    await page.waitForFunction("document.activeElement?.getAttribute('role') === 'menuitem' && document.activeElement.textContent.trim() === 'Bug report'");
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Bug report' });
    await dialog.waitFor();
    await page.waitForTimeout(400); // let the dialog finish zooming in
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
    await page.waitForTimeout(500);
    assert.equal(sent, 0, 'nothing is sent with a file over 5 MB');

    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.locator('.ant-select-dropdown').getByTitle('Technical bug').click();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Explanation').fill(explanation);
    await attach(page, dialog, 'Choose another file', { name: 'plan-search.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText(/^plan-search\.png \(\d+ (B|KB)\)$/).waitFor();
    await waitForNone(dialog.getByText(FIELD_REQUIRED), FIELD_REQUIRED);
    await waitForNone(dialog.getByText(FILE_TOO_BIG), FILE_TOO_BIG);
    await shot('3-filled');

    const reply = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/bugReports',
    );
    await dialog.getByRole('button', { name: 'Send' }).click();
    assert.equal((await reply).status(), 201, 'PUT /api/bugReports answers 201');
    await page.locator('.dv-info-bar').getByText(BUG_REPORT_SENT).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await shot('4-sent');

    // ---------- Admin: the management pages ----------
    await signOut(page, stack);
    await signInAt(page, stack, 'admin@demo.test');
    await waitForPath(page, '/verification');
    await page.goto(`${stack.demoUrl}/management/bugs`);
    await page.getByRole('heading', { level: 1, name: 'Bug Reports' }).waitFor();

    await page.getByLabel('Search', { exact: true }).fill(title);
    await page.waitForURL((url) => url.searchParams.get('text') === title, { waitUntil: 'commit' });
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    const rowText = await row.innerText();
    for (const expected of ['Technical bug', 'staff@demo.test', 'Bright Smiles Dental – Main St', 'Unsolved', 'attachment']) {
      assert.ok(rowText.includes(expected), `the row shows ${expected}: ${rowText}`);
    }
    await shot('5-list');

    await row.getByRole('link', { name: title }).click();
    await page.waitForURL((url) => /^\/management\/bugs\/[^/]+$/.test(url.pathname), { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    const image = page.getByRole('img', { name: 'Attachment plan-search.png' });
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
      await page.getByRole('link', { name: 'Download plan-search.png' }).getAttribute('download'),
      'plan-search.png',
    );
    const details = await page.locator('.ant-descriptions').innerText();
    assert.ok(details.includes('/verification'), `the page address is kept: ${details}`);
    assert.ok(details.includes('Not solved yet'));
    await shot('6-detail');

    await page.getByRole('button', { name: 'Mark as solved' }).click();
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    const solvedOn = page.locator('.ant-descriptions th').filter({ hasText: 'Solved on' }).locator('xpath=following-sibling::td[1]');
    assert.match(await solvedOn.innerText(), /^\d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM)$/);
    await shot('7-solved');

    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.waitForURL((url) => url.pathname === '/management/bugs' && url.searchParams.get('text') === title, {
      waitUntil: 'commit',
    });
    assert.equal(await page.getByLabel('Search', { exact: true }).inputValue(), title, 'the filters are kept');

    const solvedList = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/management/bugs' && url.searchParams.get('solved') === 'true';
    });
    await statusFilter(page, 'Solved').click();
    await page.waitForURL((url) => url.searchParams.get('solved') === 'true', { waitUntil: 'commit' });
    assert.equal((await solvedList).status(), 200);
    await waitForNone(page.locator('.ant-table .ant-spin-spinning'), 'the list loading');
    await row.waitFor();
    assert.ok((await row.innerText()).includes('Solved'));
    await shot('8-solved-filter');

    await statusFilter(page, 'Unsolved').click();
    await page.waitForURL((url) => url.searchParams.get('solved') === 'false', { waitUntil: 'commit' });
    await page.getByText('No bug reports match these filters.').waitFor();
    assert.equal(await row.count(), 0, 'not among the unsolved');
    assert.equal(pathOf(page), '/management/bugs');
  },
};
