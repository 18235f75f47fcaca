import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { RecordedRequest, TestApi } from './apiServer.ts';
import type { RenderedApp } from './app.tsx';

/**
 * Issue 17, "every save answers": the checks each save, send or delete is held to. A double click
 * sends once, a success says so in a notice, a failure is told in words and leaves the user where
 * he was.
 */

/** The notice at the bottom of the shell and its severity, once it shows. */
export async function notice(): Promise<{ text: string; severity: string | undefined }> {
  const alert = await screen.findByTestId('notice');
  const severity = /MuiAlert-filled(Success|Error|Warning|Info)/.exec(alert.className)?.[1]?.toLowerCase();
  return { text: alert.textContent, severity };
}

/** Waits for a notice of `severity` reading `text` (a substring, or a pattern). */
export async function expectNotice(text: string | RegExp, severity: 'success' | 'error' | 'info' | 'warning' = 'success'): Promise<void> {
  await waitFor(async () => {
    const shown = await notice();
    expect(shown.severity).toBe(severity);
    if (typeof text === 'string') expect(shown.text).toContain(text);
    else expect(shown.text).toMatch(text);
  });
}

/**
 * Double-clicks `button` while the server takes its time, and checks that one request went: the
 * second click lands before the answer, as a user's impatient one does. Answers that request.
 */
export async function expectSentOnce(view: RenderedApp, api: TestApi, button: HTMLElement, method: 'POST' | 'PUT' | 'DELETE', path: string | RegExp): Promise<RecordedRequest> {
  await view.user.dblClick(button);
  await waitFor(() => expect(api.received(method, path).length).toBeGreaterThan(0));
  // what a second request would need to arrive
  await new Promise((resolve) => setTimeout(resolve, 100));
  const sent = api.received(method, path);
  expect(sent).toHaveLength(1);
  return sent[0];
}
