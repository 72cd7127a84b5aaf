import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Page, expect, request } from '@playwright/test';
import { linkParam, waitForMail } from './mail';

export interface Member {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The operator's invitation printed by `cli invite` before the e2e server started (playwright.config.ts). */
export const OPERATOR_INVITATION_FILE = '.tmp/e2e-invitation.txt';
const HOST_FILE = '.tmp/e2e-host.json';
/** The e2e server's log (JSON lines, playwright.config.ts), where a fresh Hearth writes its bootstrap invitation. */
const SERVER_LOG_FILE = '.tmp/e2e-server.log';
const ADMIN_FILE = '.tmp/e2e-admin.json';

export function baseURL(): string {
  return `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
}

export function newIdentity(prefix = 'member'): Member {
  const tag = randomBytes(3).toString('hex');
  const username = `${prefix}_${tag}`;
  return {
    username,
    email: `${username}@example.test`,
    password: `pass-${randomBytes(6).toString('hex')}`,
    firstName: prefix.charAt(0).toUpperCase() + prefix.slice(1),
    lastName: tag.toUpperCase(),
  };
}

/** An API client like the web app's: JSON plus the XHR marker header that writes require. */
export async function apiContext(): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' },
  });
}

export async function signInApi(member: Member): Promise<APIRequestContext> {
  const api = await apiContext();
  const response = await api.post('/api/users/sign_in', {
    data: { user: { email: member.email, password: member.password } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

/** Signs up with `code` through the API and confirms the address from the mailed code. */
export async function signUpAndConfirm(code: string, member: Member = newIdentity()): Promise<Member> {
  const api = await apiContext();
  const since = Date.now() - 1000;
  const response = await api.post('/api/users', {
    data: {
      user: {
        username: member.username,
        email: member.email,
        password: member.password,
        first_name: member.firstName,
        last_name: member.lastName,
        invitation_code: code,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const mail = await waitForMail(member.email, { since, contains: '/email-confirmation?' });
  const token = linkParam(mail, '/email-confirmation', 'code');
  const confirmed = await api.get(`/api/users/confirmation?confirmation_token=${token}`);
  expect(confirmed.status()).toBe(200);
  await api.dispose();
  return member;
}

export function operatorInvitationCode(): string {
  const text = fs.readFileSync(OPERATOR_INVITATION_FILE, 'utf8');
  const match = text.match(/invitation\?code=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no invitation link in ${OPERATOR_INVITATION_FILE}`);
  return match[1];
}

/**
 * The member who invites everyone else in the journeys: signed up once per run with the operator's
 * invitation, remembered in a file so a retried worker finds them again.
 */
export async function host(): Promise<Member> {
  if (fs.existsSync(HOST_FILE)) return JSON.parse(fs.readFileSync(HOST_FILE, 'utf8')) as Member;
  const member = await signUpAndConfirm(operatorInvitationCode(), newIdentity('host'));
  fs.writeFileSync(HOST_FILE, JSON.stringify(member));
  return member;
}

/**
 * The first member's invitation that a fresh Hearth logs when it starts with no members, read from
 * the log as the operator who installed it would. The line may still be on its way to the file when
 * the server already answers, so it is waited for.
 */
async function bootstrapInvitationCode(timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = fs.existsSync(SERVER_LOG_FILE) ? fs.readFileSync(SERVER_LOG_FILE, 'utf8') : '';
    // Whole JSON lines only: the last may be half written.
    const link = log
      .split('\n')
      .slice(0, -1)
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { invitationUrl?: string }).invitationUrl)
      .find((url) => url !== undefined);
    if (link) {
      const code = new URL(link).searchParams.get('code');
      if (!code) throw new Error(`no code in the bootstrap invitation ${link}`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no bootstrap invitation in ${SERVER_LOG_FILE}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The journeys' admin: signed up once per run with the bootstrap invitation, which makes its
 * redeemer an admin as it does the first member of a real Hearth. It stays open after the host and
 * others join with the operator's invitation, so the host is unchanged for every other journey.
 */
export async function admin(): Promise<Member> {
  if (fs.existsSync(ADMIN_FILE)) return JSON.parse(fs.readFileSync(ADMIN_FILE, 'utf8')) as Member;
  const member = await signUpAndConfirm(await bootstrapInvitationCode(), newIdentity('admin'));
  fs.writeFileSync(ADMIN_FILE, JSON.stringify(member));
  return member;
}

/** A fresh invitation code from the host. */
export async function invitationCode(
  email = `${newIdentity('guest').username}@example.test`,
): Promise<string> {
  const api = await signInApi(await host());
  const response = await api.post('/api/invitations', { data: { invitation: { email } } });
  expect(response.status(), await response.text()).toBe(201);
  const { code } = (await response.json()) as { code: string };
  await api.dispose();
  return code;
}

/** A new confirmed member, invited by the host. */
export async function newMember(prefix = 'member'): Promise<Member> {
  return signUpAndConfirm(await invitationCode(), newIdentity(prefix));
}

/** Signs in through the sign-in screen and waits to leave it. */
export async function signInPage(page: Page, member: Member) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}
