/**
 * Paylink's own record of the signed-in session (web/src/lib/session-record.ts, docs/decisions.md #180): how long
 * its token is used without Amplify, and that the prerendered pages' boot script asks for the same key.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  goodSessionRecord,
  mayBeSignedIn,
  SESSION_RECORD_KEY,
  sessionRecordFor,
  writeSessionRecord,
} from '@web/lib/session-record';

/** The browser's localStorage, as much of it as the module uses. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const WHO = { userId: 'user-1', email: 'owner@example.co.nz' };
/** A token Cognito issued at 10:00:00 UTC for an hour. */
const ISSUED_AT = Date.UTC(2026, 11, 6, 10) / 1000;
const TOKEN = { token: 'header.payload.signature', issuedAt: ISSUED_AT, expiresAt: ISSUED_AT + 3600 };
const MINUTE = 60_000;

beforeEach(() => {
  (globalThis as { window?: unknown }).window = { localStorage: memoryStorage() };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('the session record', () => {
  it("is good until the token's expiry by this browser's clock when the clock runs ahead of Cognito's", () => {
    const now = ISSUED_AT * 1000 + 5 * MINUTE; // the clock says 10:05 as the token arrives
    expect(sessionRecordFor(TOKEN, WHO, now).goodUntil).toBe(TOKEN.expiresAt * 1000);
  });

  it("is good for the token's lifetime from now when the clock runs behind, so it never outlives the token", () => {
    const now = ISSUED_AT * 1000 - 5 * MINUTE; // the clock says 09:55 as the token arrives
    expect(sessionRecordFor(TOKEN, WHO, now).goodUntil).toBe(now + 60 * MINUTE);
  });

  it('keeps the time it gave a token when the same token is written again later', () => {
    const first = sessionRecordFor(TOKEN, WHO, ISSUED_AT * 1000 - 5 * MINUTE);
    writeSessionRecord(first);
    expect(sessionRecordFor(TOKEN, WHO, ISSUED_AT * 1000 + 30 * MINUTE).goodUntil).toBe(first.goodUntil);
  });

  it("is used without Amplify until a minute before its token's time, then left to Amplify", () => {
    const record = sessionRecordFor(TOKEN, WHO, ISSUED_AT * 1000);
    writeSessionRecord(record);
    expect(goodSessionRecord(record.goodUntil - 2 * MINUTE)).toEqual(record);
    expect(goodSessionRecord(record.goodUntil - MINUTE)).toBeNull();
    // Still a sign that someone may be signed in: Amplify may refresh the token.
    expect(mayBeSignedIn()).toBe(true);
  });

  it('says nobody is signed in when there is no record', () => {
    expect(mayBeSignedIn()).toBe(false);
    expect(goodSessionRecord()).toBeNull();
  });

  it("is the key the prerendered pages' boot script asks for (web/public/prerendered-boot.js)", () => {
    const boot = readFileSync(path.resolve(import.meta.dirname, '../../web/public/prerendered-boot.js'), 'utf8');
    expect(boot).toContain(`localStorage.getItem('${SESSION_RECORD_KEY}')`);
  });
});
