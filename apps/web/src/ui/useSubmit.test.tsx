// @vitest-environment jsdom
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestVoid } from '../api/http.ts';
import { setupComponentTests } from '../testing/app.tsx';
import { makeUser } from '../testing/fixtures.ts';
import { expectNotice, expectSentOnce } from '../testing/saves.ts';
import { FormDialog } from './FormDialog.tsx';
import { useNoticedTask, useSubmit } from './useSubmit.ts';

/** The one way forms send (issue 17): once per click however fast the clicks, the failure kept in the form with what was typed. */
const app = setupComponentTests();
const user = makeUser({ id: 1 });

/** `resetFirst`: the form clears the last error before each send, as the device editor does. */
function NoteForm({ resetFirst = false }: { resetFirst?: boolean }) {
  const [text, setText] = useState('');
  const save = useSubmit((note: string) => requestVoid('/notes', { method: 'POST', json: { note } }));
  const submit = () => {
    if (resetFirst) save.reset();
    save.run(text);
  };
  return (
    <FormDialog title="Note" onClose={() => {}} onSubmit={submit} busy={save.busy} message={save.message} errorTestId="note-error" submitLabel="Save" submitTestId="note-save">
      <TextField label="Note" value={text} onChange={(event) => setText(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'note-text' } }} />
    </FormDialog>
  );
}

function DeleteButton() {
  const remove = useNoticedTask(async () => {
    await requestVoid('/notes/1', { method: 'DELETE' });
    return 'Note deleted.';
  });
  return (
    <button type="button" onClick={() => remove.run()} data-testid="note-delete">
      Delete
    </button>
  );
}

describe('useSubmit', () => {
  it('sends once on a double click, even before the busy state has drawn', async () => {
    app.api.on('POST', '/api/notes', { status: 204, delayMs: 300 });
    const view = await app.render(<NoteForm />, { user });
    await expectSentOnce(view, app.api, screen.getByTestId('note-save'), 'POST', '/api/notes');
  });

  it('a second click that resets the form first does not lose the answer to the first', async () => {
    app.api.on('POST', '/api/notes', { status: 400, text: 'Write access denied', delayMs: 300 });
    const view = await app.render(<NoteForm resetFirst />, { user });
    await expectSentOnce(view, app.api, screen.getByTestId('note-save'), 'POST', '/api/notes');
    expect((await screen.findByTestId('note-error')).textContent).toBe('ACCESS DENIED');
  });

  it('keeps the form and what was typed on a failure, in words, and lets it be sent again', async () => {
    app.api.on('POST', '/api/notes', { status: 400, text: 'Write access denied' });
    const view = await app.render(<NoteForm />, { user });
    await view.fill(screen.getByTestId('note-text'), 'oil change');
    await view.user.click(screen.getByTestId('note-save'));
    expect((await screen.findByTestId('note-error')).textContent).toBe('ACCESS DENIED');
    expect(screen.getByTestId<HTMLInputElement>('note-text').value).toBe('oil change');

    app.api.on('POST', '/api/notes', { status: 204 });
    await view.user.click(screen.getByTestId('note-save'));
    await waitFor(() => expect(screen.queryByTestId('note-error')).toBeNull());
    expect(app.api.received('POST', '/api/notes').map((request) => request.json())).toEqual([{ note: 'oil change' }, { note: 'oil change' }]);
  });

  it('a noticed task says what it did, or why it failed', async () => {
    app.api.on('DELETE', '/api/notes/1', { status: 204, delayMs: 200 });
    const view = await app.render(<DeleteButton />, { user });
    // the button is never disabled: the guard alone keeps the second click from sending
    await expectSentOnce(view, app.api, screen.getByTestId('note-delete'), 'DELETE', '/api/notes/1');
    await expectNotice('Note deleted.');

    app.api.on('DELETE', '/api/notes/1', { status: 400, text: 'Write access denied' });
    await view.user.click(screen.getByTestId('note-delete'));
    await expectNotice('ACCESS DENIED', 'error');
  });
});
