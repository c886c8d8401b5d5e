import { readFileSync } from 'node:fs';
import { fixture } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { pickBuffer, pickFile, tool } from '../support/tools.js';

// File Type Detection end to end: a file is chosen, sent, and the card says what it really is,
// with a visible warning when its name says otherwise.

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/file-detection');
});

test('a PNG named .jpg is shown as a PNG image, with the mismatch warning', async ({ page }) => {
  await pickBuffer(
    page,
    'holiday.jpg',
    'image/jpeg',
    readFileSync(fixture('images/chelsea_cat_451x300.png')),
  );
  await tool.submit(page, 'Detect file type').click();
  const main = tool.main(page);
  await expect(main.getByTestId('detected-description')).toHaveText('PNG image');
  await expect(main.getByTestId('detected-mime')).toHaveText('image/png');
  await expect(main.getByTestId('detected-extension')).toHaveText('.png');
  await expect(main.getByTestId('detected-category')).toHaveText('image');
  await expect(main.getByTestId('detected-encoding')).toHaveText('binary');
  const warning = main.getByTestId('mismatch-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('The name does not match the content');
  await expect(warning).toContainText('.jpg');
});

test('an honest Word document and a UTF-16 CSV show their type and encoding, without a warning', async ({
  page,
}) => {
  await pickFile(page, fixture('misc/debian-reference-ch08.en.docx'));
  await tool.submit(page, 'Detect file type').click();
  const main = tool.main(page);
  await expect(main.getByTestId('detected-description')).toHaveText('Word document (DOCX)');
  await expect(main.getByTestId('detected-category')).toHaveText('document');
  await expect(main.getByTestId('mismatch-warning')).toHaveCount(0);

  await tool.removeButton(page).click();
  const csv = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from('name,qty\r\nÅsa,3\r\nBo,4\r\n', 'utf16le'),
  ]);
  await pickBuffer(page, 'export.csv', 'text/csv', csv);
  await tool.submit(page, 'Detect file type').click();
  await expect(main.getByTestId('detected-mime')).toHaveText('text/csv');
  await expect(main.getByTestId('detected-encoding')).toHaveText('UTF-16LE');
  await expect(main.getByTestId('mismatch-warning')).toHaveCount(0);
});
