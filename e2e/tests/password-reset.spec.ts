// The password reset, end to end: a person who forgot their password asks for a link on
// /forgot-password, the binary sends it over SMTP to this worker's test SMTP server
// (lib/smtp.ts), the link opens /reset-password/TOKEN, the new password signs in, the old
// one does not, every other session of the person is gone, and the link works once.
// Asking for an unknown email answers the same and sends nothing.
import type { APIRequestContext, Page } from '@playwright/test';
import { newUser, signUp, signedInUser } from '../lib/api';
import { expect, MAIL_FROM, test } from '../lib/fixtures';
import { alertLocator, expectAlert, pauseClock, waitForHydration } from '../lib/page';
import { isTo, type ReceivedMail, type TestSmtpServer } from '../lib/smtp';

// This worker's binary sends its emails to a test SMTP server.
test.use({ smtpServer: true });

/** account.ResetSentMessage: the one answer, account or not. */
const RESET_SENT = 'If an account uses that email address, we have sent it a link to reset the password. The link works for 30 minutes.';
// The sample data's business (internal/seed.SampleBusiness): emails speak for it, and
// are sent from its short name at --mail-from's address.
const BUSINESS = 'Cairn & Compass Journeys';
const SENDER = 'Cairn & Compass';
const SUBJECT = `Reset your ${BUSINESS} password`;
const PASSWORD_CHANGED = 'Password changed. Please log in with your new password.';

function smtpOf(smtp: TestSmtpServer | undefined): TestSmtpServer {
  if (!smtp) throw new Error('this spec needs the test SMTP server (smtpServer: true)');
  return smtp;
}

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<number> {
  const res = await request.post('/api/v1/users/login', { data: { email, password } });
  return res.status();
}

/** On /forgot-password: types `email`, sends the form, and expects the server's one answer. */
async function askForLink(page: Page, email: string): Promise<void> {
  await page.locator('#email').fill(email);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/forgotPassword'));
  await page.locator('#send-reset-link').click();
  const res = await answered;
  expect(res.status(), `forgotPassword for ${email}`).toBe(200);
  expect(await res.json()).toEqual({ status: 'success', message: RESET_SENT });
  await expectAlert(page, 'success', RESET_SENT);
}

/** The reset link of a reset email: checks the headers and both parts, returns the link. */
function resetLinkOf(mail: ReceivedMail, email: string, baseURL: string): string {
  const { parsed } = mail;
  expect(mail.rcptTo, 'the envelope goes to the account’s address').toEqual([email.toLowerCase()]);
  expect(mail.to, 'the To header').toEqual([email.toLowerCase()]);
  expect(parsed.subject).toBe(SUBJECT);
  expect(parsed.from?.value, "From is the business's short name at --mail-from's address").toEqual([
    { name: SENDER, address: MAIL_FROM.replace(/^.*<(.+)>$/, '$1') },
  ]);
  const contentType = parsed.headers.get('content-type') as { value: string } | undefined;
  expect(contentType?.value, 'a text and an HTML part as alternatives').toBe('multipart/alternative');
  expect(mail.raw.toString('utf8')).toMatch(/^Content-Type: text\/plain/im);
  expect(mail.raw.toString('utf8')).toMatch(/^Content-Type: text\/html/im);

  const linkPattern = new RegExp(`${baseURL.replace(/[.]/g, '\\.')}/reset-password/[A-Za-z0-9_-]+`, 'g');
  const inText = [...new Set(parsed.text?.match(linkPattern) ?? [])];
  expect(inText, 'the text part has one reset link').toHaveLength(1);
  const text = (parsed.text ?? '').replace(/\s+/g, ' ');
  expect(text).toContain('Reset your password');
  expect(text).toContain('The link works for 30 minutes.');
  expect(parsed.text, 'the link stands on a line of its own').toMatch(new RegExp(`^${linkPattern.source}$`, 'm'));
  const link = inText[0] ?? '';
  expect(parsed.html || '', 'the HTML part links the same page').toContain(`href="${link}"`);
  return link;
}

test.describe('password reset', () => {
  test('forgot password → the email → the link → a new password → sign in with it; the old session is gone', async ({
    context,
    newContext,
    request,
    baseURL,
    smtp: maybeSmtp,
  }) => {
    test.slow(); // the sender is woken when the email is queued, or runs within its 5 s
    const smtp = smtpOf(maybeSmtp);

    // Context A: the person, signed in on one device.
    const user = await signedInUser(context, 'Rita Reset');
    expect((await context.request.get('/me', { maxRedirects: 0 })).status(), 'A is signed in').toBe(200);

    // Context B: the same person elsewhere, signed out, who forgot the password.
    const contextB = await newContext();
    const page = await contextB.newPage();
    const mark = smtp.mark();
    await page.goto('/login');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await waitForHydration(page);
    await expect(page.locator('#send-reset-link')).toHaveText('Send me a link');
    await askForLink(page, user.email);
    await expect(page.locator('#send-reset-link')).toHaveText('Send the link again');

    // The email at the SMTP server.
    const mail = await smtp.nextMessageTo(user.email, { since: mark, subject: SUBJECT });
    const link = resetLinkOf(mail, user.email, baseURL!);
    expect(
      smtp.since(mark).filter((m) => m.parsed.subject === SUBJECT),
      'one reset email for one request',
    ).toHaveLength(1);

    // The link, in B, on Playwright's clock.
    await page.clock.install();
    await page.goto(link);
    await waitForHydration(page);
    await pauseClock(page);
    await expect(page.locator('h1')).toHaveText('Choose a new password');
    const newPassword = 'a-fresh-Reset-secret-7';
    await page.locator('#password').fill(newPassword);
    await page.locator('#password-confirm').fill(newPassword);
    const reset = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/resetPassword'));
    await page.locator('#save-new-password').click();
    expect((await reset).status()).toBe(200);
    await expectAlert(page, 'success', PASSWORD_CHANGED);
    await expect(page.locator('#save-new-password'), 'the form stays locked until the page changes').toBeDisabled();
    await page.clock.runFor(1499);
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    await page.clock.runFor(1);
    await page.waitForURL((url) => url.pathname === '/login');
    await waitForHydration(page);

    // Sign in with the new password through the form.
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(newPassword);
    await page.locator('main').getByRole('button', { name: 'Log in' }).click();
    await expectAlert(page, 'success', 'Login successful');
    await page.clock.runFor(1000);
    await page.waitForURL((url) => url.pathname === '/');
    await waitForHydration(page);
    await expect(page.locator('header a.nav__el--user')).toHaveText('Rita');

    // The old password no longer signs in.
    expect(await apiLogin(request, user.email, user.password), 'the old password').toBe(401);

    // A's session ended with the reset.
    const me = await context.request.get('/me', { maxRedirects: 0 });
    expect(me.status(), "A's /me after the reset").toBe(303);
    expect(new URL(me.headers()['location'] ?? '', baseURL).pathname).toBe('/login');
    const change = await context.request.patch('/api/v1/users/updateMyPassword', {
      data: { passwordCurrent: newPassword, password: 'never-set-Secret-1', passwordConfirm: 'never-set-Secret-1' },
    });
    expect(change.status(), "an account call from A's old session").toBe(401);
    expect(await apiLogin(request, user.email, newPassword), 'the new password still works').toBe(200);

    // The link works once.
    await page.goto(link);
    await waitForHydration(page);
    await expect(page.locator('h1')).toHaveText('This link has expired');
    await expect(page.locator('main').getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.locator('#save-new-password')).toHaveCount(0);
    const again = await request.post('/api/v1/users/resetPassword', {
      data: { token: new URL(link).pathname.split('/').pop(), password: 'yet-another-Secret-2', passwordConfirm: 'yet-another-Secret-2' },
    });
    expect(again.status(), 'the spent token through the API').toBe(400);
    expect(await apiLogin(request, user.email, newPassword)).toBe(200);
  });

  test('an unknown email gets the same answer and no email', async ({ page, request, smtp: maybeSmtp }) => {
    test.slow();
    const smtp = smtpOf(maybeSmtp);
    const known = await signUp(request, newUser('Kim Known'));
    const unknown = newUser().email;

    const mark = smtp.mark();
    await page.goto('/forgot-password');
    await waitForHydration(page);
    // First the unknown address, then a known one: were the unknown one sent, it would be
    // queued first and arrive before the known one.
    await askForLink(page, unknown);
    await askForLink(page, known.email);
    await expect(alertLocator(page)).toHaveText(RESET_SENT);

    const mail = await smtp.nextMessageTo(known.email, { since: mark, subject: SUBJECT });
    // (The known account's welcome email may come and go in between: it is not a reset.)
    const resets = smtp.since(mark).filter((m) => m.parsed.subject === SUBJECT);
    expect(resets[0], 'the first reset email after the two requests is the known one’s').toBe(mail);
    expect(smtp.since(mark).filter((m) => isTo(m, unknown)), 'nothing went to the unknown address').toEqual([]);
  });
});
