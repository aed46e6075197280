import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signedInUser } from './support/users.ts';

/**
 * Resume import through the UI, against the local cloud's real uploads API, S3, queue and import worker:
 * a PDF chosen on /upload-resume becomes a resume opened in the editor with the parsed name; a file of
 * another type is refused before anything is sent; a file that is not what its name says fails with
 * 'Error processing resume' and a way to try another file.
 */

const fixtures = join(import.meta.dirname, '../fixtures/import/files');
const dropZone = (page: Page) => page.getByRole('button', { name: /Drag and drop your resume here/ });

/** Every request to POST /api/uploads, with its JSON body. */
function recordUploads(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') {
      bodies.push(request.postDataJSON());
    }
  });
  return bodies;
}

async function openUploadPage(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Upload resume' }).first().click();
  await expect(page).toHaveURL(/\/upload-resume$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your resume' })).toBeVisible();
}

test('a PDF chosen with the drop zone is uploaded, parsed and opened in the editor with its name', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedInUser(page);
  await openUploadPage(page);
  const uploads = recordUploads(page);

  // The import can be quicker than a poll of the page: every step state shown is recorded as it appears.
  await page.evaluate(() => {
    const seen = new Set<string>();
    Object.assign(window, { importSeen: seen });
    new MutationObserver(() => {
      for (const step of document.querySelectorAll('.import-step')) seen.add(`${step.className}`);
      if (document.querySelector('.import-progress__time')) seen.add('time');
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const chooser = page.waitForEvent('filechooser');
  await dropZone(page).click();
  await (await chooser).setFiles(join(fixtures, 'openresume-resume.pdf'));

  await expect(page).toHaveURL(/\/builder\?id=[^&]+$/, { timeout: 150_000 });
  const seen = await page.evaluate(() => [...(window as unknown as { importSeen: Set<string> }).importSeen]);
  expect(seen).toEqual(
    expect.arrayContaining(['time', 'import-step import-step--active', 'import-step import-step--done']),
  );
  await expect(page.getByText('Resume imported successfully.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('John');
  await expect(page.getByLabel('Last name')).toHaveValue('Doe');
  expect(uploads).toEqual([
    { contentType: 'application/pdf', size: 22_358, language: 'en', fileName: 'openresume-resume.pdf' },
  ]);
  // Named by its job title and the file's name, not by the first name read from it.
  const jobTitle = await page.getByLabel('Job title').inputValue();
  await expect(page.getByLabel('Resume title')).toHaveValue(
    jobTitle ? `${jobTitle} · openresume-resume` : 'openresume-resume',
  );

  // The new resume is on the list, and Back does not return to a finished upload.
  await page.getByRole('link', { name: 'My resumes' }).first().click();
  await expect(page).toHaveURL(/\/resumes/);
  await expect(page.locator('.resume-tile')).toHaveCount(1);
});

test('a PNG is refused before any request to /api/uploads; the drop zone opens the chooser from the keyboard', async ({
  page,
}) => {
  // Playwright intercepts file choosers once something listens for them, which it sets up asynchronously: a
  // listener from the start means the Enter below can never open the chooser before it is intercepted.
  page.on('filechooser', () => undefined);
  await signedInUser(page);
  await openUploadPage(page);
  const uploads = recordUploads(page);

  await dropZone(page).focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('PNG') });

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Invalid file type');
  await expect(alert).toContainText('Please upload a PDF, DOC, or DOCX file');
  // Space opens it too, and the page is still ready for another file.
  const again = page.waitForEvent('filechooser');
  await dropZone(page).press('Space');
  await again;
  await page.waitForTimeout(500);
  expect(uploads).toEqual([]);
});

test("a file that is not what its name says fails with 'Error processing resume' and a way to try another", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedInUser(page);
  await openUploadPage(page);

  // A PNG's bytes under a .pdf name: the browser cannot tell, the worker reads the bytes and refuses them.
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'resume.pdf',
    mimeType: 'application/pdf',
    buffer: png,
  });

  await expect(page.getByRole('heading', { name: 'Error processing resume' })).toBeVisible({
    timeout: 150_000,
  });
  await expect(page.getByRole('alert')).toContainText('The contents of the file do not match its type.');
  await expect(page).toHaveURL(/\/upload-resume$/);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Try another file' }).click();
  await chooser;
  await expect(dropZone(page)).toBeVisible();
});

test('in Portuguese, a LinkedIn data export becomes a resume in the editor, with the spec’s LinkedIn toast', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedInUser(page);
  await page.goto('/upload-resume?lng=pt-BR');
  await expect(page.getByRole('heading', { level: 1, name: 'Envie seu currículo' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Arquivos que você pode importar' })).toBeVisible();
  await expect(page.getByText('Files you can import')).toHaveCount(0);
  const uploads = recordUploads(page);

  await page.getByTestId('import-file-input').setInputFiles(join(fixtures, 'ana-souza.linkedin.zip'));

  await expect(page).toHaveURL(/\/builder\?id=[^&]+$/, { timeout: 150_000 });
  await expect(page.getByText('Perfil do LinkedIn importado com sucesso.')).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Ana');
  expect(uploads).toEqual([
    {
      contentType: 'application/zip',
      size: expect.any(Number),
      language: 'pt-BR',
      fileName: 'ana-souza.linkedin.zip',
    },
  ]);
});
