import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { cssVariablesResolver, theme } from '../app/theme.ts';

/** A component as the app shows it: the app's Mantine theme, toasts, and a fresh query cache per test. */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // No pause between keystrokes: the forms do not debounce, and the tests stay fast.
  const user = userEvent.setup({ delay: null });
  const view = render(
    // env test: no transitions and no portals, so dropdowns and dialogs render at once and in place.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { user, ...view };
}

/** Types a whole value into a field as one paste: one change per field keeps the tests fast. */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

type StubbedAnswer = { status: number; body: unknown };

/**
 * Replaces fetch for one test: every request is recorded (method, path, parsed JSON body) and answered with
 * `answer(request)`, so a test checks what the form sent through the real API client.
 */
export function stubApi(answer: (request: { method: string; path: string; body: unknown }) => StubbedAnswer) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = { method: init?.method ?? 'GET', path: String(input), body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined };
    requests.push(request);
    const { status, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/** The server's 400 answer with per-field messages, as its error handler sends it (the first message on top). */
export function validationFailure(details: { path: string; message: string }[]) {
  return { status: 400, body: { error: { code: 'VALIDATION', message: details[0]?.message ?? 'Invalid request.', details } } };
}
