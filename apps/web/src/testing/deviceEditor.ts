import { within } from '@testing-library/react';
import type { RenderedApp } from './app.tsx';
import { textField } from './queries.ts';

/** Fills a new device's two required fields in the open device editor and presses its save button. */
export async function saveNewDevice(view: RenderedApp, editor: HTMLElement, name: string, uniqueId: string): Promise<void> {
  await view.fill(textField(editor, 'Name'), name);
  await view.fill(textField(editor, 'Identifier (IMEI)'), uniqueId);
  await view.user.click(within(editor).getByTestId('save-device'));
}
