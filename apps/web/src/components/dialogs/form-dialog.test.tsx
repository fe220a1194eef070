import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog.tsx';

function NoteDialog({ onCancel }: { onCancel: () => void }) {
  const [note, setNote] = useState('');
  return (
    <FormDialog
      open
      title="New note"
      onSubmit={(event) => event.preventDefault()}
      onCancel={onCancel}
      submit={{ label: 'Save' }}
    >
      <label>
        Note
        <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('stays open with what was typed when the click lands beside it; Escape and Cancel close it', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<NoteDialog onCancel={onCancel} />);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Hyperkalaemia');

    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop!);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'New note' })).not.toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Note' }).value).toBe('Hyperkalaemia');

    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
