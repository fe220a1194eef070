import { describe, expect, it } from 'vitest';
import { rovingTarget } from './choice-list.tsx';
import { shortcutRows } from './keyboard-shortcuts.tsx';
import { checksOnEnter, sittingKey } from './sitting-keys.ts';

const plain = { choiceCount: 4, strikeNext: false, canCheck: false };

describe('the sitting keys (decision 0062)', () => {
  it('chooses with 1–6 up to the options shown, and strikes with S then a digit or Shift and a digit', () => {
    expect(sittingKey({ key: '2' }, plain)).toEqual({ kind: 'choose', position: 1 });
    expect(sittingKey({ key: '5' }, plain)).toBeNull();
    expect(sittingKey({ key: 's' }, plain)).toEqual({ kind: 'strike-next' });
    expect(sittingKey({ key: '3' }, { ...plain, strikeNext: true })).toEqual({ kind: 'strike', position: 2 });
    expect(sittingKey({ key: '!', code: 'Digit1', shiftKey: true }, plain)).toEqual({
      kind: 'strike',
      position: 0,
    });
    expect(sittingKey({ key: '&', code: 'Numpad4', shiftKey: true }, plain)).toEqual({
      kind: 'strike',
      position: 3,
    });
    expect(sittingKey({ key: '%', code: 'Digit5', shiftKey: true }, plain)).toBeNull();
  });

  it('moves, flags, checks only when a pick can be checked, and leaves modified keys alone', () => {
    expect(sittingKey({ key: 'n' }, plain)).toEqual({ kind: 'move', by: 1 });
    expect(sittingKey({ key: 'ArrowLeft' }, plain)).toEqual({ kind: 'move', by: -1 });
    expect(sittingKey({ key: 'P' }, plain)).toEqual({ kind: 'move', by: -1 });
    expect(sittingKey({ key: 'f' }, plain)).toEqual({ kind: 'flag' });
    expect(sittingKey({ key: 'Enter' }, plain)).toBeNull();
    expect(sittingKey({ key: 'Enter' }, { ...plain, canCheck: true })).toEqual({ kind: 'check' });
    expect(sittingKey({ key: '?', shiftKey: true }, plain)).toEqual({ kind: 'help' });
    expect(sittingKey({ key: 'n', ctrlKey: true }, plain)).toBeNull();
    expect(sittingKey({ key: '1', metaKey: true }, plain)).toBeNull();
    expect(sittingKey({ key: 'x' }, plain)).toBeNull();
  });

  it('moves the focus among the options with wrapping arrows, Home and End', () => {
    expect(rovingTarget('ArrowDown', 3, 4)).toBe(0);
    expect(rovingTarget('ArrowUp', 0, 4)).toBe(3);
    expect(rovingTarget('End', 0, 4)).toBe(3);
    expect(rovingTarget('Home', 2, 4)).toBe(0);
    expect(rovingTarget('ArrowRight', 0, 4)).toBeNull();
    expect(rovingTarget('ArrowDown', 0, 0)).toBeNull();
  });

  it('lists Enter only in tutor mode and the digits the question has', () => {
    expect(shortcutRows(4, false).map((row) => row.keys[0])).not.toContain('Enter');
    expect(shortcutRows(4, true).map((row) => row.keys[0])).toContain('Enter');
    expect(shortcutRows(9, false)[0]?.keys).toEqual(['1–6']);
    expect(shortcutRows(1, false)[0]?.keys).toEqual(['1']);
  });
});

describe('Enter in tutor mode (decisions 0062 and 0078)', () => {
  it('checks from the page or a choice (a radio of the choices), not from a strike-out button or another control', () => {
    document.body.innerHTML = `
      <main>
        <p id="text">Question</p>
        <div role="radiogroup" aria-label="Choices">
          <div><button role="radio" aria-checked="true" id="choice">Alpha</button>
          <button aria-label="Strike out Alpha" aria-pressed="false" id="strike">S</button></div>
        </div>
        <button id="next">Next</button>
      </main>`;
    const byId = (id: string) => document.getElementById(id);
    expect(checksOnEnter(document.body)).toBe(true);
    expect(checksOnEnter(byId('text'))).toBe(true);
    expect(checksOnEnter(byId('choice'))).toBe(true);
    expect(checksOnEnter(byId('strike'))).toBe(false);
    expect(checksOnEnter(byId('next'))).toBe(false);
  });
});
