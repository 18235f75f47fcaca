// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { serverInfoQuery } from '../api/queries.ts';
import { makeUser } from '../testing/fixtures.ts';
import { serverReply, setupComponentTests } from '../testing/app.tsx';
import { useLocaleOverride } from './useLocaleOverride.ts';

const app = setupComponentTests();

/** What the shell does with the hook, and a text of the page in the language it ends up in. */
function Page() {
  useLocaleOverride();
  const { t } = useTranslation();
  return <p>{t('common.back')}</p>;
}

describe('tarkan.lang (spec §3: the language of a user, the server default for those without one)', () => {
  it("puts a user without a language in the server's", async () => {
    app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.lang': 'es' } }));
    await app.render(<Page />, { user: makeUser({ id: 1 }) });
    expect(await screen.findByText('Volver')).toBeTruthy();
  });

  it("puts a user with one in his own, over the server's", async () => {
    app.api.on('GET', '/api/server', serverReply({ attributes: { 'tarkan.lang': 'es' } }));
    await app.render(<Page />, { user: makeUser({ id: 1, attributes: { 'tarkan.lang': 'pt-BR' } }) });
    expect(await screen.findByText('Voltar')).toBeTruthy();
  });

  it('leaves the language alone when neither sets one', async () => {
    const view = await app.render(<Page />, { user: makeUser({ id: 1 }) });
    await waitFor(() => expect(view.client.getQueryState(serverInfoQuery.queryKey)?.status).toBe('success'));
    expect(screen.getByText('Back')).toBeTruthy();
  });
});
