/** The shared message boxes the basket and checkout use: alert, toast, confirmation. */

import { Alert, ConfirmDialog, Toast } from '@partera/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Alert', () => {
  it('closes by itself after 4 s', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Alert message="Закончились свободные билеты" onClose={onClose} />);
    expect(screen.getByRole('alertdialog').textContent).toContain('Закончились свободные билеты');
    act(() => vi.advanceTimersByTime(3999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays until closed when it must be read, and closes with its button or Escape', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Alert message="Продажи закрыты" autoCloseMs={null} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onClose).not.toHaveBeenCalled();
    const close = screen.getByRole('button', { name: 'Закрыть' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Escape' });
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('Toast', () => {
  it('announces an error without taking the focus and closes after 5 s', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Toast message="Необходимо заполнить все поля" onClose={onClose} />);
    expect(screen.getByRole('alert').textContent).toContain('Необходимо заполнить все поля');
    expect(document.activeElement).toBe(document.body);
    act(() => vi.advanceTimersByTime(4999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('announces a success politely', () => {
    render(<Toast message="Подарочная карта успешно применена" kind="success" onClose={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain('Подарочная карта успешно применена');
  });
});

describe('ConfirmDialog', () => {
  it('starts on Отмена, keeps Tab inside, cancels on Escape and gives the focus back', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    const { unmount } = render(
      <ConfirmDialog
        message="Вы действительно хотите очистить корзину?"
        actionLabel="Очистить корзину"
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { description: 'Вы действительно хотите очистить корзину?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const cancel = screen.getByRole('button', { name: 'Отмена' });
    const action = screen.getByRole('button', { name: 'Очистить корзину' });
    expect(document.activeElement).toBe(cancel);

    action.focus();
    fireEvent.keyDown(action, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(action);

    fireEvent.keyDown(action, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(action);
    expect(onConfirm).toHaveBeenCalledTimes(1);

    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
