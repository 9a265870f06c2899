import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, USERS } from './support/session.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a new lead: every invalid field says why under itself, then it saves and exports a PDF', async ({ page }) => {
  await signIn(page, USERS.operator, '/newLead/inquiry/new');
  await expect(page.getByRole('heading', { name: 'New lead' })).toBeVisible();
  const client = section(page, 'Client');
  const party = section(page, 'Opposing party');
  const intake = section(page, 'Law type and intake');

  await client.getByLabel('First Name').fill('J'.repeat(31));
  await client.getByLabel('Date Of Birth').fill('02-30-1990');
  await client.getByLabel('Email').fill('maria@');
  await client.getByLabel('Zip Code').fill('9'.repeat(16));
  await client.getByLabel('City').fill('c'.repeat(51));
  await party.getByLabel('Last Name').fill('D'.repeat(31));
  await party.getByLabel('Date Of Birth').fill('13-01-2000');
  await intake.getByLabel('Incident Date Time').fill('12-31-2099 10:00 AM');
  await page.getByRole('button', { name: 'Save' }).first().click();

  // SPEC §5: red, under the field, prefixed with an asterisk, word for word.
  await expect(client.getByText('* First Name must be 30 characters or less.')).toBeVisible();
  await expect(client.getByText('* Last Name is a required field.')).toBeVisible();
  await expect(client.getByText('* Date Of Birth must be a valid date.')).toBeVisible();
  await expect(client.getByText('* Email must be a valid email.')).toBeVisible();
  await expect(client.getByText('* Zip Code must be 15 characters or less.')).toBeVisible();
  await expect(client.getByText('* City must be 50 characters or less.')).toBeVisible();
  await expect(party.getByText('* Last Name must be 30 characters or less.')).toBeVisible();
  await expect(party.getByText('* Date Of Birth must be a valid date.')).toBeVisible();
  await expect(intake.getByText('* Incident Date Time cannot be future date.')).toBeVisible();
  const error = client.getByText('* Email must be a valid email.');
  expect(await error.evaluate((el) => getComputedStyle(el).color)).toMatch(/rgb\((2[0-9]{2}), \d{1,2}, \d{1,2}\)/);
  await expect(page).toHaveURL(/\/newLead\/inquiry\/new$/);

  // Fix everything and save.
  await client.getByLabel('First Name').fill('Rosalind');
  await client.getByLabel('Last Name').fill('Featherstone');
  await client.getByLabel('Date Of Birth').fill('02-29-1988');
  await client.getByLabel('Email').fill('rosalind.f@example.com');
  await client.getByLabel('Zip Code').fill('90026');
  await client.getByLabel('City').fill('Los Angeles');
  await client.getByLabel('Primary Number').pressSequentially('2135550177');
  await expect(client.getByLabel('Primary Number')).toHaveValue('(213) 555-0177');
  await party.getByLabel('Last Name').fill('Doe');
  await party.getByLabel('Date Of Birth').fill('01-13-2000');
  await intake.getByLabel('Incident Date Time').fill('11-02-2025 09:15 AM');
  await intake.getByLabel('Law Type').click();
  await page.getByRole('option', { name: 'Personal Injury' }).click();
  await expect(intake.getByTestId('intake-questions')).toBeVisible();
  await section(page, 'Case description').getByLabel('Case Description').fill('Rear-ended on the 101.');

  const saved = page.waitForRequest((r) => r.url().endsWith('/api/v1/inquiry') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Save' }).first().click();
  expect((await saved).postDataJSON()).toMatchObject({
    client: { firstName: 'Rosalind', dateOfBirth: '1988-02-29', primaryNumber: '2135550177' },
    intakeOpposingParty: { lastName: 'Doe', dateOfBirth: '2000-01-13' },
  });
  await expect(page).toHaveURL(/\/communication\/lead\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Lead · Rosalind Featherstone' })).toBeVisible();
  await expect(section(page, 'Client').getByLabel('Date Of Birth')).toHaveValue('02-29-1988');

  // The PDF export downloads a real PDF.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The lead is in the leads list with the SPEC §2 headers.
  await page.goto('/communication/leads');
  const table = page.getByRole('table', { name: 'Leads' });
  for (const header of [
    'name',
    'phone',
    'email',
    'calls in/out',
    'text in/out',
    'notes',
    'law type',
    'lead owner',
    'no appt reason',
    'source',
    'date/time',
    'text',
  ]) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await page.getByLabel('Search leads').fill('Featherstone');
  await expect(table.getByRole('row', { name: /Rosalind Featherstone/ })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const csvText = readFileSync(await (await csv).path(), 'utf8');
  // A byte-order mark first, as every CSV export has, so spreadsheet apps read it as UTF-8.
  expect(csvText.startsWith('\ufeff')).toBe(true);
  expect(csvText.slice(1).split('\r\n')[0]).toBe(
    'name,phone,email,calls in/out,text in/out,notes,law type,lead owner,no appt reason,source,date/time,text',
  );
  expect(csvText).toContain('Rosalind Featherstone');
});
