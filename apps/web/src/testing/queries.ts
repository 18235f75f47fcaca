import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { RenderedApp } from './app.tsx';

/**
 * Queries for the app's large forms. They find fields by their label rather than by role: a role
 * query computes the accessible tree of the whole dialog, seconds in jsdom for a form of thirty
 * fields; a label query is a lookup. What they find is still what a user reads.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label as written, with the asterisk MUI adds to required fields. */
const labelled = (label: string) => new RegExp(`^${escape(label)}(\\s\\*)?$`);

/** The text input (or textarea) labelled `label` inside `container`. */
export function textField(container: HTMLElement, label: string): HTMLInputElement {
  return within(container).getByLabelText<HTMLInputElement>(labelled(label), { selector: 'input:not([type="color"]):not([type="checkbox"]), textarea' });
}

/** Fills text fields of `container` by their labels, in order, each as a user pastes it. */
export async function fillFields(view: RenderedApp, container: HTMLElement, values: Record<string, string>): Promise<void> {
  for (const [label, text] of Object.entries(values)) await view.fill(textField(container, label), text);
}

/** The switch or checkbox labelled `label`. */
export function toggle(container: HTMLElement, label: string): HTMLInputElement {
  return within(container).getByLabelText<HTMLInputElement>(labelled(label), { selector: 'input[type="checkbox"]' });
}

/** MUI's select labelled `label` (its accessible name is the label followed by the value shown). */
export function selectField(container: HTMLElement, label: string): HTMLElement {
  return within(container).getByLabelText(new RegExp(`^${escape(label)}(\\s\\*)?`), { selector: '[role="combobox"]' });
}

/** The open listbox of a select or menu. */
export async function openListbox(): Promise<HTMLElement> {
  return waitFor(() => {
    const listbox = document.querySelector<HTMLElement>('[role="listbox"]');
    if (!listbox) throw new Error('no listbox is open');
    return listbox;
  });
}

/** Opens a select and clicks the option reading `option`; waits for the list to close. */
export async function choose(view: RenderedApp, select: HTMLElement, option: string): Promise<void> {
  await view.user.click(select);
  const listbox = await openListbox();
  await view.user.click(await within(listbox).findByText(option));
  await waitFor(() => expect(document.querySelector('[role="listbox"]')).toBeNull());
}

/** Ticks each option of an open multiple select (it stays open), then closes it with Escape. */
export async function chooseMany(view: RenderedApp, select: HTMLElement, options: string[]): Promise<void> {
  await view.user.click(select);
  const listbox = await openListbox();
  for (const option of options) await view.user.click(await within(listbox).findByText(option));
  await view.user.keyboard('{Escape}');
  await waitFor(() => expect(document.querySelector('[role="listbox"]')).toBeNull());
}

/** The primary texts of the generic management list's rows, in order. */
export function entityRows(): string[] {
  return screen.queryAllByTestId('entity-row').map((row) => row.querySelector('.MuiListItemText-primary')?.textContent ?? '');
}

/** The generic management list's row whose primary text is `name`. */
export function entityRow(name: string): HTMLElement {
  const row = screen.queryAllByTestId('entity-row').find((candidate) => candidate.querySelector('.MuiListItemText-primary')?.textContent === name);
  if (!row) throw new Error(`no row named ${name}; rows: ${entityRows().join(', ')}`);
  return row;
}

/** The notice the shell shows at the bottom, once it shows. */
export async function noticeText(): Promise<string> {
  return (await screen.findByTestId('notice')).textContent ?? '';
}

/** The generic editor's dialog (ui/entity/EntityEditDialog). */
export function entityDialog(): HTMLElement {
  return screen.getByTestId('entity-dialog');
}

/** Presses the generic editor's Save. */
export async function saveEntity(view: RenderedApp): Promise<void> {
  await view.user.click(within(entityDialog()).getByTestId('entity-save'));
}
