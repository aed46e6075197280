import { expect, type Page, type Request, test } from '@playwright/test';
import { signedInUser } from './support/users.ts';

const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Saved at|^All saved/ }));

/** The resume as the server has it, read with the page's own session. */
async function serverResume(page: Page, id: string): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.endsWith('.accessToken')) return localStorage.getItem(key);
    }
    return null;
  });
  const response = await page.request.get(`/api/resume/id/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

const idOf = (page: Page) => new URL(page.url()).searchParams.get('id') ?? '';

/** Start a new resume from the sidebar's "Create new resume" and make the first autosave create it. */
async function newResume(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Create new resume' }).first().click();
  await expect(page).toHaveURL(/\/builder$/);
  await expect(page.getByRole('status').filter({ hasText: 'Saves as you type' })).toBeVisible();
  await page.getByLabel('Job title').fill('Platform Engineer');
  await expect(page).toHaveURL(/\/builder\?id=/);
  await saved(page).toBeVisible();
  return idOf(page);
}

test('typing for five seconds without a pause sends one save, and the preview follows every keystroke', async ({
  page,
}) => {
  await signedInUser(page, 'Kai');
  const id = await newResume(page);
  const patches: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes(`/api/resume/${id}`)) patches.push(request);
  });

  const summary = page.getByLabel('Professional summary');
  await summary.click();
  const source = 'Builds reliable platforms for product teams and keeps them fast. '.repeat(20);
  let typed = '';
  const started = Date.now();
  // Five seconds of typing at about 12 keys a second, never pausing as long as the 1000 ms debounce.
  while (Date.now() - started < 5000) {
    const key = source[typed.length] ?? 'x';
    await page.keyboard.type(key, { delay: 40 });
    typed += key;
  }
  const typingMs = Date.now() - started;
  const text = typed;
  await saved(page).toBeVisible();

  test.info().annotations.push({
    type: 'PATCH requests while typing',
    description: `${patches.length} PATCH for ${typingMs} ms of continuous typing (${typed.length} keystrokes)`,
  });
  console.log(`PATCH requests: ${patches.length} for ${typingMs} ms, ${typed.length} keystrokes`);
  expect(typingMs).toBeGreaterThanOrEqual(5000);
  expect(patches.length).toBeLessThanOrEqual(2);
  expect(patches.every((r) => /^\d+$/.test(r.headers()['if-match'] ?? ''))).toBe(true);
  await expect(page.locator('[data-page-count]').first()).toContainText(text.trim().slice(-40));
  expect((await serverResume(page, id)).personalInfo).toMatchObject({ summary: text });

  // Opening it again is a first load without Amplify and without zod (issue 23): the page reads the stored
  // session itself, and a schema loads only with what checks against it (a save, a stored draft).
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`/builder?id=${id}`);
  await expect(page.getByLabel('Professional summary')).toHaveValue(text);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /\/assets\/(zod|amplify)\b/.test(path))).toEqual([]);
});

test('edits made offline survive a reload while offline and are saved when the network returns', async ({
  page,
  context,
}) => {
  await signedInUser(page, 'Noor');
  const id = await newResume(page);
  const title = page.getByLabel('Resume title');

  await title.fill('Before the outage');
  await saved(page).toBeVisible();
  await context.setOffline(true);
  await title.fill('Typed while offline');
  await page.getByLabel('City').fill('Lisbon');
  await expect(page.getByRole('status').filter({ hasText: /Offline/ })).toBeVisible({ timeout: 15_000 });

  // A reload without a network fails, as it would for a person; the edits are in this browser.
  await page.reload().catch(() => undefined);
  await context.setOffline(false);
  await page.goto(`/builder?id=${id}`);

  await expect(page.getByLabel('Resume title')).toHaveValue('Typed while offline');
  await expect(page.getByLabel('City')).toHaveValue('Lisbon');
  await saved(page).toBeVisible();
  const stored = await serverResume(page, id);
  expect(stored.title).toBe('Typed while offline');
  expect(stored.personalInfo).toMatchObject({ city: 'Lisbon', jobTitle: 'Platform Engineer' });
});

test('two tabs editing one resume: the second gets the choice, and nothing is lost silently', async ({
  page,
  context,
}) => {
  await signedInUser(page, 'Ines');
  const id = await newResume(page);
  const second = await context.newPage();
  await second.goto(`/builder?id=${id}`);
  await expect(second.getByLabel('Job title')).toHaveValue('Platform Engineer');

  await page.getByLabel('Job title').fill('Staff Engineer (tab one)');
  await saved(page).toBeVisible();
  await second.getByLabel('City').fill('Porto (tab two)');

  const dialog = second.getByRole('dialog', { name: 'This resume was changed somewhere else' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Your version, edited')).toBeVisible();
  await expect(dialog.getByText('Other version, saved')).toBeVisible();

  // Loading the other version shows tab one's edit; undo brings this tab's edit back to keep it.
  await dialog.getByRole('button', { name: 'Load the other version' }).click();
  await expect(second.getByLabel('Job title')).toHaveValue('Staff Engineer (tab one)');
  await expect(second.getByLabel('City')).toHaveValue('');
  await second.keyboard.press('Control+z');
  await expect(second.getByLabel('City')).toHaveValue('Porto (tab two)');
  await saved(second).toBeVisible();

  const stored = await serverResume(second, id);
  expect(stored.personalInfo).toMatchObject({ city: 'Porto (tab two)' });
  // Tab one now holds an older revision: its next edit gets the same choice instead of overwriting.
  await page.getByLabel('Resume title').fill('From tab one again');
  await expect(page.getByRole('dialog', { name: 'This resume was changed somewhere else' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep my version' }).click();
  await saved(page).toBeVisible();
  expect((await serverResume(page, id)).title).toBe('From tab one again');
});

test('undo and redo cover the whole document, with typing coalesced', async ({ page }) => {
  await signedInUser(page, 'Sol');
  await newResume(page);
  const title = page.getByLabel('Resume title');
  await title.fill('');
  await title.pressSequentially('First title', { delay: 20 });
  // A pause ends the typing run: the next edit is a new undo step.
  await page.waitForTimeout(1500);
  await title.fill('Second title');

  await page.keyboard.press('Control+z');
  await expect(title).toHaveValue('First title');
  await page.locator('.builder-toolbar').getByRole('button', { name: 'Undo' }).click();
  // Clearing and retyping without a pause was one step: undo goes back to the title before it.
  await expect(title).toHaveValue(/^Platform Engineer · /);
  await page.keyboard.press('Control+Shift+z');
  await expect(title).toHaveValue('First title');
  await page.locator('.builder-toolbar').getByRole('button', { name: 'Redo' }).click();
  await expect(title).toHaveValue('Second title');
  await saved(page).toBeVisible();
});

test('an undo says what it changed, in a section out of sight too, and its toast redoes it', async ({
  page,
}) => {
  await signedInUser(page, 'Ada');
  await newResume(page);
  const experience = page.getByRole('region', { name: 'Work Experience', exact: true });
  await experience.getByRole('button', { name: 'Add experience', exact: true }).click();
  await experience.getByRole('group').last().getByLabel('Company', { exact: true }).fill('Acme Rockets');
  await page.getByLabel('City').fill('Lisbon');
  const notices = page.getByRole('region', { name: /^Notifications/ });

  // The last edit first: the city, named with its section.
  await page.keyboard.press('Control+z');
  await expect(page.getByLabel('City')).toHaveValue('');
  await expect(notices.getByRole('status').filter({ hasText: 'Undone' })).toContainText(
    'City in Personal Information',
  );

  // With the section closed, the next Ctrl+Z is not silent: it names the field and the section.
  await experience.getByRole('heading').getByRole('button').first().click();
  await expect(experience.getByLabel('Company', { exact: true })).toBeHidden();
  await page.keyboard.press('Control+z');
  const undone = notices.getByRole('status').filter({ hasText: 'Company in Work Experience' });
  await expect(undone).toContainText('Undone');
  // One toast for the latest step, not a stack of them.
  await expect(notices.getByRole('status').filter({ hasText: 'Undone' })).toHaveCount(1);
  const preview = page.locator('[data-page-count]').first();
  await expect(preview).not.toContainText('Acme Rockets');

  // The toast's Redo puts it back, and says so.
  await undone.getByRole('button', { name: 'Redo' }).click();
  await expect(preview).toContainText('Acme Rockets');
  await expect(
    notices
      .getByRole('status')
      .filter({ hasText: 'Redone' })
      .filter({ hasText: 'Company in Work Experience' }),
  ).toBeVisible();
});

type Fill = [label: string, value: string, kind?: 'select' | 'check' | 'suggestion'];

/** Add an item to a section and fill its fields; the new item is the section's last group. */
async function addItem(page: Page, section: string, add: string, fields: Fill[]) {
  const region = page.getByRole('region', { name: section, exact: true });
  await region.getByRole('button', { name: add, exact: true }).click();
  const item = region.getByRole('group').last();
  for (const [label, value, kind] of fields) {
    const control = item.getByLabel(label, { exact: true });
    if (kind === 'select') await control.selectOption(value);
    else if (kind === 'check') await control.check();
    else if (kind === 'suggestion') {
      await control.fill(value);
      await item.getByRole('option', { name: value, exact: true }).click();
    } else await control.fill(value);
  }
}

test('every section filled through the UI is in the editor and the preview after a reload; keyboard reorder, hide and rename', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedInUser(page, 'Maya');
  const id = await newResume(page);
  await page.getByLabel('Phone').fill('+1 512 555 0100');
  await page.getByLabel('City').fill('Austin, TX');
  await page.getByLabel('Professional summary').fill('Engineer who ships.\nMentor and writer.');

  await addItem(page, 'Work Experience', 'Add experience', [
    ['Position', 'Staff Engineer'],
    ['Company', 'Lumen Labs'],
    ['Location', 'Remote'],
    ['Start date', '2021-03'],
    ['I currently work here', '', 'check'],
    ['Description', 'Led the platform team\nCut build times by 60%'],
  ]);
  await addItem(page, 'Work Experience', 'Add experience', [
    ['Position', 'Software Engineer'],
    ['Company', 'Acorn Apps'],
    ['Start date', '2017-06'],
    ['End date', '2021-02'],
  ]);
  await addItem(page, 'Education', 'Add education', [
    ['School', 'University of Texas'],
    ['Degree', 'Bachelor’s degree', 'suggestion'],
    ['Field of study', 'Engineering', 'suggestion'],
    ['Start date', '2013-08'],
    ['End date', '2017-05'],
  ]);
  await addItem(page, 'Skills', 'Add skill', [
    ['Skill', 'Distributed systems'],
    ['Level', 'expert', 'select'],
    ['Keywords', 'Kafka, gRPC'],
  ]);
  await addItem(page, 'Projects', 'Add project', [
    ['Project name', 'Open Trails'],
    ['Your role', 'Maintainer'],
    ['Project link', 'https://opentrails.example.org'],
  ]);
  await addItem(page, 'Certifications', 'Add certification', [
    ['Certification', 'AWS Solutions Architect'],
    ['Issued by', 'Amazon Web Services'],
    ['Date', '2022-09'],
  ]);
  await addItem(page, 'Languages', 'Add language', [
    ['Language', 'Spanish'],
    ['Fluency', 'fluent', 'select'],
  ]);
  await addItem(page, 'Awards', 'Add award', [
    ['Award', 'Engineering Excellence Award'],
    ['Awarded by', 'Lumen Labs'],
  ]);
  await addItem(page, 'Volunteering', 'Add volunteer work', [
    ['Role', 'Mentor'],
    ['Organization', 'Code Club Austin'],
  ]);
  await addItem(page, 'Links', 'Add link', [
    ['Label', 'GitHub'],
    ['Link', 'https://github.com/maya-quinn'],
  ]);
  await page.getByRole('button', { name: 'Add a custom section' }).click();
  await page.getByLabel('New section title').fill('Publications');
  await page.getByRole('button', { name: 'Add section', exact: true }).click();
  await addItem(page, 'Publications', 'Add item', [
    ['Title', 'Boring Deploys'],
    ['Subtitle', 'Tech blog'],
  ]);
  await saved(page).toBeVisible();

  const expected = [
    'Platform Engineer',
    'Austin, TX',
    'Mentor and writer.',
    'Staff Engineer',
    'Lumen Labs',
    'Cut build times by 60%',
    'Acorn Apps',
    'University of Texas',
    'Distributed systems',
    'Open Trails',
    'AWS Solutions Architect',
    'Spanish',
    'Engineering Excellence Award',
    'Code Club Austin',
    'github.com/maya-quinn',
    'Publications',
    'Boring Deploys',
  ];
  await page.reload();
  const preview = page.locator('[data-page-count]').first();
  for (const text of expected) await expect(preview).toContainText(text);
  await expect(page.getByLabel('Professional summary')).toHaveValue(
    'Engineer who ships.\nMentor and writer.',
  );
  const experience = page.getByRole('region', { name: 'Work Experience', exact: true });
  await expect(experience).toContainText('Staff Engineer');
  await expect(experience).toContainText('Acorn Apps');
  for (const section of ['Education', 'Skills', 'Projects', 'Certifications', 'Languages', 'Awards']) {
    await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Publications', exact: true })).toContainText(
    'Boring Deploys',
  );

  // Reorder by keyboard: the second job moves above the first, in the editor and in the preview.
  const handle = experience.getByRole('button', { name: /^Move Software Engineer/ });
  await handle.focus();
  // dnd-kit measures the list between key presses, as it would between a person's.
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect
    .poll(async () => {
      const text = (await preview.textContent()) ?? '';
      return text.indexOf('Acorn Apps') < text.indexOf('Lumen Labs');
    })
    .toBe(true);

  // Hide a section: gone from the preview, still in the editor. Rename another.
  await page.getByRole('button', { name: 'Hide Awards from the resume' }).click();
  await expect(preview).not.toContainText('Engineering Excellence Award');
  await page.getByRole('button', { name: 'Rename Skills' }).click();
  await page.getByLabel('Section title').fill('Core skills');
  await page.getByRole('button', { name: 'Done renaming' }).click();
  await expect(preview).toContainText('Core skills');
  await saved(page).toBeVisible();

  const stored = await serverResume(page, id);
  expect(stored.hiddenSections).toContain('awards');
  expect((stored.sectionTitle as Record<string, string>).skills).toBe('Core skills');
  expect((stored.experience as { company: string }[]).map((e) => e.company)).toEqual([
    'Acorn Apps',
    'Lumen Labs',
  ]);
});

test('degree and field of study take any text, with the spec’s choices offered as suggestions', async ({
  page,
}) => {
  await signedInUser(page, 'Bea');
  const id = await newResume(page);
  const education = page.getByRole('region', { name: 'Education', exact: true });
  await education.getByRole('button', { name: 'Add education', exact: true }).click();
  const item = education.getByRole('group').last();
  await item.getByLabel('School', { exact: true }).fill('Universidade de São Paulo');

  // What is typed stays as typed: nothing turns it into one of the suggestions.
  const degree = item.getByRole('combobox', { name: 'Degree' });
  await expect(degree).toHaveAttribute('maxlength', '200');
  await degree.fill('B.Sc. Computer Engineering');
  await expect(degree).toHaveAttribute('aria-expanded', 'false');

  // Typing filters the suggestions; Escape closes them and keeps the text.
  const field = item.getByRole('combobox', { name: 'Field of study' });
  const suggestions = item
    .getByRole('listbox', { name: 'Suggestions for Field of study' })
    .getByRole('option');
  await field.fill('comp');
  await expect(suggestions).toHaveText(['Computer and information sciences']);
  await field.press('Escape');
  await expect(suggestions).toHaveCount(0);
  await expect(field).toHaveValue('comp');
  // ↓ opens every suggestion; ↓ Enter picks one.
  await field.fill('');
  await field.press('ArrowDown');
  await expect(suggestions).toHaveCount(9);
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(field).toHaveValue('Business and management');

  const preview = page.locator('[data-page-count]').first();
  await expect(preview).toContainText('B.Sc. Computer Engineering in Business and Management');
  await saved(page).toBeVisible();
  expect((await serverResume(page, id)).education).toMatchObject([
    {
      school: 'Universidade de São Paulo',
      degree: 'B.Sc. Computer Engineering',
      field: 'businessManagement',
    },
  ]);
  await page.reload();
  await education.getByRole('button', { name: /^B\.Sc\. Computer Engineering · Universidade/ }).click();
  await expect(item.getByRole('combobox', { name: 'Degree' })).toHaveValue('B.Sc. Computer Engineering');
});

test('items added and left empty are not printed, and go when closed or when the editor is left', async ({
  page,
}) => {
  await signedInUser(page, 'Tomas');
  const id = await newResume(page);
  const preview = page.locator('[data-page-count]').first();
  const projects = page.getByRole('region', { name: 'Projects', exact: true });
  const certifications = page.getByRole('region', { name: 'Certifications', exact: true });
  await projects.getByRole('button', { name: 'Add project', exact: true }).click();
  await certifications.getByRole('button', { name: 'Add certification', exact: true }).click();
  await expect(projects.getByRole('button', { name: 'New project', exact: true })).toBeVisible();
  await expect(certifications.getByRole('button', { name: 'New certification', exact: true })).toBeVisible();
  await saved(page).toBeVisible();

  // Nothing of them is printed: no heading without items, no blank line.
  await expect(preview).toContainText('Platform Engineer');
  await expect(preview).not.toContainText('Projects');
  await expect(preview).not.toContainText('Certifications');

  // Closing an empty item removes it; one with something in it stays when closed.
  await projects.getByRole('button', { name: 'New project', exact: true }).click();
  await expect(projects.getByRole('button', { name: 'New project', exact: true })).toHaveCount(0);
  await expect(projects.getByText('No projects yet')).toBeVisible();

  // Leaving the editor drops the one still open, on the server too.
  await page.getByRole('link', { name: 'Back to my resumes' }).click();
  await expect(page).toHaveURL(/\/resumes$/);
  await expect.poll(async () => (await serverResume(page, id)).certifications).toEqual([]);
  expect((await serverResume(page, id)).projects).toEqual([]);
});

test('design: a Free user tries a Pro template in the preview only, and changes page size and accent; on a phone the preview is a tap away', async ({
  page,
}) => {
  await signedInUser(page, 'Ana');
  const id = await newResume(page);
  const preview = page.locator('[data-page-count]').first();

  await page.getByRole('button', { name: 'Template: Simple' }).click();
  const dialog = page.getByRole('dialog', { name: 'Template and design' });
  await expect(dialog.getByRole('button', { name: /Modern.*Pro/ })).toBeVisible();
  await dialog.getByRole('button', { name: /Modern.*Pro/ }).click();
  // Trying is not choosing: the preview shows Modern with an upgrade path, the resume keeps Simple.
  await expect(page.getByText('You are previewing Modern, a Pro template.')).toBeVisible();
  // To /pricing, with this builder to come back to once paid.
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' }).first()).toHaveAttribute(
    'href',
    /^\/pricing\?returnTo=%2Fbuilder%3Fid%3D/,
  );
  await expect(page.getByRole('button', { name: 'Template: Simple' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Simple' }).click();
  await expect(page.getByText('You are previewing Modern, a Pro template.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Template: Simple' }).click();
  await dialog.getByLabel('Page size').selectOption('a4');
  await dialog.getByRole('button', { name: '#0f766e' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(preview.locator('[data-preview-page]').first()).toHaveCSS('width', /^79[34]/);
  await saved(page).toBeVisible();
  expect((await serverResume(page, id)).settings).toMatchObject({ pageSize: 'a4', accentColor: '#0f766e' });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('Job title')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(preview.locator('[data-preview-page]').first()).toBeInViewport();
  await expect(page.getByLabel('Job title')).toBeHidden();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Job title')).toBeVisible();
});

/** Boxes of the toolbar's controls that leave the window or overlap another control, and the rows they use. */
async function toolbarLayout(page: Page) {
  return page.locator('.builder-toolbar').evaluate((bar) => {
    const controls = Array.from(bar.querySelectorAll<HTMLElement>('a, button, input')).filter(
      (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden',
    );
    const boxes = controls.map((e) => ({
      name: e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName,
      r: e.getBoundingClientRect(),
    }));
    const outside = boxes
      .filter(({ r }) => r.left < 0 || r.right > window.innerWidth || r.top < 0)
      .map((b) => b.name);
    const overlapping = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter(
          (b) =>
            a.r.left < b.r.right - 1 &&
            b.r.left < a.r.right - 1 &&
            a.r.top < b.r.bottom - 1 &&
            b.r.top < a.r.bottom - 1,
        )
        .map((b) => `${a.name} / ${b.name}`),
    );
    const title = bar.querySelector<HTMLInputElement>('.builder-title');
    return {
      outside,
      overlapping,
      height: Math.round(bar.getBoundingClientRect().height),
      titleCut: title ? title.scrollWidth > title.clientWidth : true,
    };
  });
}

test('at 1280 px the builder has room: whole title, every control in view, bars that cover nothing, full screen is the preview alone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInUser(page, 'Lucas');
  await newResume(page);
  const title = page.getByLabel('Resume title');
  await title.fill('Senior Platform Engineer · Nov 28, 2025');
  expect.soft(await toolbarLayout(page)).toEqual({
    outside: [],
    overlapping: [],
    height: expect.any(Number),
    titleCut: false,
  });
  // One row of controls (the title's save status sits under it).
  expect.soft((await toolbarLayout(page)).height).toBeLessThan(80);

  // The section bar is flush with the top of the editor column, across it: no field shows above it.
  const editor = page.locator('.builder__editor');
  await page.getByLabel('Professional summary').fill('Builds platforms.');
  await editor.evaluate((e) => e.scrollBy(0, 700));
  const [column, nav] = await Promise.all([editor.boundingBox(), page.locator('.editor-nav').boundingBox()]);
  expect.soft(nav?.y).toBeCloseTo(column?.y ?? -1, 0);
  expect.soft(nav?.width).toBeGreaterThanOrEqual((column?.width ?? 0) - 20);

  // The preview's bar sits above the pages' own scrolling box: a page brought to the top is not under it.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const first = page.locator('[data-preview-page="1"]');
  await first.evaluate((e) => e.scrollIntoView({ block: 'start' }));
  const [bar, pageTop] = await Promise.all([
    page.locator('.preview-pane__bar').boundingBox(),
    first.boundingBox(),
  ]);
  expect.soft(pageTop?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0) - 0.5);
  await page.getByTitle('Fit width').click();

  // Full screen: the preview alone, its bar holding the way out, beside the zoom and not over it.
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect(page.locator('.builder-toolbar')).toBeHidden();
  await expect(page.getByLabel('Job title')).toBeHidden();
  const exit = page.getByRole('button', { name: 'Exit full screen' });
  await expect(exit).toHaveCount(1);
  await expect(exit).toBeVisible();
  const [exitBox, zoomIn, frame] = await Promise.all([
    exit.boundingBox(),
    page.getByRole('button', { name: 'Zoom in' }).boundingBox(),
    page.locator('.resume-preview__frame').first().boundingBox(),
  ]);
  expect.soft((exitBox?.x ?? 0) >= (zoomIn?.x ?? 0) + (zoomIn?.width ?? 0)).toBe(true);
  expect.soft(frame?.width ?? 0).toBeGreaterThan(900);
  await exit.click();
  await expect(page.getByLabel('Job title')).toHaveValue('Platform Engineer');

  // In Portuguese too.
  await page.getByLabel('Language').first().selectOption('pt-BR');
  await page.getByLabel('Título do currículo').fill('Engenheiro de Plataforma · 28 de nov. de 2025');
  expect.soft(await toolbarLayout(page)).toMatchObject({ outside: [], overlapping: [], titleCut: false });
  await page.getByLabel('Idioma').first().selectOption('en-US');
});

test('the editor speaks the language chosen while it is open', async ({ page }) => {
  await signedInUser(page, 'Leo');
  await newResume(page);
  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  await page.getByLabel('Language').first().selectOption('pt-BR');
  // The editor's texts are their own chunk; switching language loads them for Portuguese too.
  await expect(page.getByRole('button', { name: 'Enviar foto' })).toBeVisible();
  await expect(page.getByLabel('Cargo desejado')).toHaveValue('Platform Engineer');
  await page.getByLabel('Idioma').first().selectOption('en-US');
});

test('closing the tab with an edit not yet saved asks first', async ({ page }) => {
  await signedInUser(page, 'Ravi');
  await newResume(page);
  const asked: string[] = [];
  page.on('dialog', async (dialog) => {
    asked.push(dialog.type());
    await dialog.dismiss();
  });
  // Within the 1000 ms debounce the edit is only in this tab (and its local draft).
  await page.getByLabel('City').fill('Recife');
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
});
