import { StrictMode, type ReactElement } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { Device, Group, Position, Server, User } from '@rastro/api';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render, waitFor, type RenderResult } from '@testing-library/react';
import { PointerEventsCheckLevel, userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { liveStore } from '../api/liveStore.ts';
import { createQueryClient } from '../api/queries.ts';
import { NO_FILTERS, deviceFilters, deviceQuery } from '../state/deviceFilters.ts';
import { mapModes } from '../state/mapModes.ts';
import { dismissNotice } from '../state/notice.ts';
import { NoticeSnackbar } from '../app/NoticeSnackbar.tsx';
import { selection } from '../state/selection.ts';
import { sessionUser } from '../state/session.ts';
import { createAppTheme } from '../app/theme.ts';
import { initI18n } from '../i18n/index.ts';
import { TestApi, type Reply } from './apiServer.ts';
import { makeServer } from './fixtures.ts';

/**
 * Component tests render the real component with the app's providers — i18n with the real
 * catalogs (en-US, jsdom's navigator language), a real QueryClient, the real MUI theme, a
 * MemoryRouter — against a real local HTTP server (`TestApi`) standing in for the tracking server.
 *
 *   const app = setupComponentTests();
 *   it('…', async () => {
 *     app.api.json('GET', '/api/devices', [device]);
 *     const view = await app.render(<Page />, { path: '/devices' });
 *     await view.user.click(screen.getByRole('button', { name: 'Save' }));
 *     expect(app.api.received('PUT', '/api/devices/1')[0].json()).toMatchObject({ … });
 *   });
 */

/** jsdom lacks what a few components measure with; they only need it to exist. */
function installDomGaps(): void {
  if (typeof globalThis.ResizeObserver === 'undefined') {
    globalThis.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }
  // The page's ArrayBuffer is jsdom's, the Web Crypto is Node's, which takes views from any realm
  // but refuses a bare ArrayBuffer of another one (a browser has one realm): hand it a Buffer.
  const subtle = globalThis.crypto.subtle as unknown as Record<string, (...args: unknown[]) => unknown>;
  const ownRealm = (arg: unknown) =>
    arg !== null && typeof arg === 'object' && !ArrayBuffer.isView(arg) && Object.prototype.toString.call(arg) === '[object ArrayBuffer]'
      ? Buffer.from(arg as ArrayBuffer)
      : arg;
  for (const method of ['digest', 'sign', 'verify', 'encrypt', 'decrypt', 'importKey']) {
    const original = subtle[method];
    if ((original as { realmSafe?: boolean }).realmSafe) continue;
    const wrapped = (...args: unknown[]) => original.apply(globalThis.crypto.subtle, args.map(ownRealm));
    subtle[method] = Object.assign(wrapped, { realmSafe: true });
  }
}

let i18nReady: Promise<void> | null = null;

/** The app's own i18n setup (its catalogs, its options) in English, once per test file. */
export function initTestI18n(): Promise<void> {
  i18nReady ??= initI18n();
  return i18nReady;
}

/** `GET /api/server` as the server answers it, with the licence headers. */
export function serverReply(server: Partial<Server> = {}, licence: { licenseMode?: string; deviceLimit?: number } = {}): Reply {
  const headers: Record<string, string> = {};
  if (licence.licenseMode) headers.licensemode = licence.licenseMode;
  if (licence.deviceLimit !== undefined) headers.devicelimit = String(licence.deviceLimit);
  return { json: makeServer(server), headers };
}

export interface RenderOptions {
  /** The address the page is opened at. */
  path?: string;
  /** The route pattern the component is mounted under (so `useParams` works); defaults to `path`'s pathname. */
  route?: string;
  /** The signed-in user; none by default. */
  user?: User | null;
  /** The live store's devices and positions, as the REST lists and the socket would have filled it. */
  live?: { devices?: Device[]; positions?: Position[] };
}

export interface RenderedApp extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  /**
   * Replaces a field's text the way a user pastes it: one input event rather than one per
   * character, for the large forms whose every keystroke re-renders some thirty fields.
   */
  fill: (element: HTMLElement, text: string) => Promise<void>;
  client: QueryClient;
  /** Where the router is now (after the component navigated). */
  location: () => Location;
  /** Waits until the server info has arrived: the gates, notices and defaults that hang on it are decided. */
  serverKnown: () => Promise<void>;
}

export interface ComponentTestHarness {
  /** The HTTP server of the current file; routes are reset before each test, with defaults. */
  readonly api: TestApi;
  render: (ui: ReactElement, options?: RenderOptions) => Promise<RenderedApp>;
}

/** Default answers: an empty fleet on a plain server, no theme, no web config. Tests add or override routes. */
function defaultRoutes(api: TestApi, groups: Group[] = []): void {
  api
    .on('GET', '/api/server', serverReply())
    .json('GET', '/api/devices', [])
    .json('GET', '/api/positions', [])
    .json('GET', '/api/groups', groups)
    .json('GET', '/api/geofences', [])
    .json('GET', '/api/calendars', [])
    .json('GET', '/tarkan/theme', {});
}

function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  onLocation(useLocation());
  return null;
}

/** Registers the file's hooks (server, i18n, store resets) and returns the render function. */
export function setupComponentTests(): ComponentTestHarness {
  let api: TestApi | null = null;
  const clients: QueryClient[] = [];

  beforeAll(async () => {
    installDomGaps();
    // the machine is shared: an answer may take longer than Testing Library's default second
    configure({ asyncUtilTimeout: 5000 });
    api = await TestApi.start();
    api.install();
    await initTestI18n();
  });

  beforeEach(() => {
    api!.reset();
    defaultRoutes(api!);
    dismissNotice();
  });

  afterEach(async () => {
    // a save still under way would notify, or set the session, in the next test
    for (const client of clients.splice(0)) {
      await waitFor(() => expect(client.isMutating()).toBe(0));
      client.clear();
    }
    cleanup();
    sessionUser.set(null);
    liveStore.replaceDevices([]);
    liveStore.replacePositions([]);
    deviceFilters.set(NO_FILTERS);
    deviceQuery.set('');
    selection.set({ deviceId: null, focus: false, revision: 0 });
    mapModes.set({ followed: null, trails: new Set() });
    dismissNotice();
    localStorage.clear();
    if (i18next.language !== 'en-US') await i18next.changeLanguage('en-US');
  });

  afterAll(async () => {
    await api?.close();
  });

  return {
    get api() {
      if (!api) throw new Error('the test server starts in beforeAll');
      return api;
    },
    async render(ui, options = {}) {
      // the catalogs are in before the first render, as main.tsx waits for them
      await initTestI18n();
      const path = options.path ?? '/';
      const route = options.route ?? new URL(path, 'http://app.invalid').pathname;
      if (options.user !== undefined) sessionUser.set(options.user);
      if (options.live?.devices) liveStore.replaceDevices(options.live.devices);
      if (options.live?.positions) liveStore.replacePositions(options.live.positions);
      const client = createQueryClient();
      clients.push(client);
      let current: Location | null = null;
      const result = render(
        <StrictMode>
          <QueryClientProvider client={client}>
            <ThemeProvider theme={createAppTheme('light')}>
              <CssBaseline />
              <MemoryRouter initialEntries={[path]}>
                <Routes>
                  <Route path={route} element={ui} />
                  <Route path="*" element={<div data-testid="elsewhere" />} />
                </Routes>
                <LocationProbe onLocation={(location) => (current = location)} />
              </MemoryRouter>
              <NoticeSnackbar />
            </ThemeProvider>
          </QueryClientProvider>
        </StrictMode>,
      );
      // no pointer-events check: it reads the computed style of the target and its ancestors on
      // every action, and jsdom computes styles by matching every emotion rule of the page (a
      // quarter of the run); buttons the app disables carry the disabled attribute, which stops
      // the click all the same, and tests assert on it where it matters
      const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
      return {
        ...result,
        user,
        async fill(element, text) {
          await user.clear(element);
          if (text) await user.paste(text);
        },
        client,
        location: () => current!,
        async serverKnown() {
          await waitFor(() => expect(client.getQueryData(['server'])).toBeDefined());
        },
      };
    },
  };
}
