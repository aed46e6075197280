import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import type { RuntimeConfig } from '#shared/runtime-config';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { jsonResponse } from '../../../components/testing/fake-api.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';
import { isLanguageUnsaved, markLanguageUnsaved } from '../../../i18n/remember.ts';
import { initApiClient } from '../../../lib/api-client.ts';
import { useAccountLanguage } from './use-account-language.ts';

const mount = rootPerTest();

/** The profile's locale as the server holds it, and the PATCHes sent, each answered when the test says. */
let serverLocale: string;
let patches: { locale: string; answer: () => void }[];

const me = () => ({
  data: {
    user: { id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva' },
    profile: { locale: serverLocale },
    subscription: null,
    usage: {},
    role: null,
  },
});

beforeAll(async () => {
  await initTestI18n(['en-US', 'pt-BR']);
});

beforeEach(async () => {
  localStorage.clear();
  serverLocale = 'en';
  patches = [];
  await act(async () => {
    await i18next.changeLanguage('en-US');
  });
  initApiClient({
    baseUrl: '/api',
    getAccessToken: async () => 'token',
    fetch: async (_path, init) => {
      if (init?.method !== 'PATCH') return jsonResponse(200, me());
      const { locale } = JSON.parse(String(init.body)) as { locale: string };
      return new Promise<Response>((resolve) => {
        patches.push({
          locale,
          answer: () => {
            serverLocale = locale;
            resolve(jsonResponse(200, me()));
          },
        });
      });
    },
  });
});

function Probe({ enabled }: { enabled: boolean }) {
  useAccountLanguage(enabled);
  return null;
}

async function render(enabled = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    mount.root.render(
      <QueryClientProvider client={client}>
        <ConfigProvider config={{ ptBrHosts: [] } as unknown as RuntimeConfig}>
          <Probe enabled={enabled} />
        </ConfigProvider>
      </QueryClientProvider>,
    ),
  );
  await settle();
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

async function choose(language: 'en-US' | 'pt-BR') {
  markLanguageUnsaved(language);
  await act(async () => {
    await i18next.changeLanguage(language);
  });
  await settle();
}

describe('one language choice for the signed-in user', () => {
  it('saves a choice made on this device to the profile, once, and clears the mark', async () => {
    await render();
    await choose('pt-BR');

    expect(patches.map((p) => p.locale)).toEqual(['pt-BR']);
    await act(async () => patches[0]?.answer());
    await settle();

    expect(isLanguageUnsaved()).toBe(false);
    expect(i18next.language).toBe('pt-BR');
    expect(patches).toHaveLength(1);
  });

  it("follows the profile's language on a browser without a choice of its own, saving nothing", async () => {
    serverLocale = 'pt-BR';

    await render();

    expect(i18next.language).toBe('pt-BR');
    expect(patches).toEqual([]);
  });

  it('keeps the last of two quick choices: the second is saved once the first has landed', async () => {
    await render();
    await choose('pt-BR');
    await choose('en-US');

    expect(patches.map((p) => p.locale)).toEqual(['pt-BR']);
    await act(async () => patches[0]?.answer());
    await settle();
    expect(patches.map((p) => p.locale)).toEqual(['pt-BR', 'en']);
    await act(async () => patches[1]?.answer());
    await settle();

    expect(serverLocale).toBe('en');
    expect(i18next.language).toBe('en-US');
    expect(isLanguageUnsaved()).toBe(false);
  });

  it('saves a choice whose language is still loading when the profile arrives, and does not undo it', async () => {
    // The field is chosen before /api/me has answered, and the chosen language's texts take a while: the
    // profile (English) arrives while the app still shows English. That is not the choice being saved.
    markLanguageUnsaved('pt-BR');
    await render();
    await act(async () => patches[0]?.answer());
    await act(async () => {
      await i18next.changeLanguage('pt-BR');
    });
    await settle();

    expect(i18next.language).toBe('pt-BR');
    expect(patches.map((p) => p.locale)).toEqual(['pt-BR']);
    expect(isLanguageUnsaved()).toBe(false);
  });

  it('does nothing while off (staff viewing the app as someone else)', async () => {
    serverLocale = 'pt-BR';
    markLanguageUnsaved('en-US');

    await render(false);

    expect(i18next.language).toBe('en-US');
    expect(patches).toEqual([]);
    expect(isLanguageUnsaved()).toBe(true);
  });
});
