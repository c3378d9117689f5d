import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from '../../ui/common/ConfirmDialog';

function show(dismissable?: boolean) {
  const onKeep = vi.fn();
  const onConfirm = vi.fn();
  render(<ConfirmDialog title="Delete Lab?" body="It cannot be undone" keepLabel="Keep" confirmLabel="Delete" onKeep={onKeep} onConfirm={onConfirm} dismissable={dismissable} testId="q" />);
  return { onKeep, onConfirm };
}

describe('ConfirmDialog', () => {
  it('asks with the safe answer first and focused, the dangerous one second', () => {
    const { onKeep, onConfirm } = show();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Lab?' });
    expect(dialog.className).toContain('dialog-danger');
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Keep', 'Delete']);
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.click(buttons[1]!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onKeep).not.toHaveBeenCalled();
  });

  it('takes Escape and a tap beside it as the safe answer', () => {
    const { onKeep, onConfirm } = show();
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('q').parentElement!);
    expect(onKeep).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays until answered when it is not dismissable', () => {
    const { onKeep } = show(false);
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('q').parentElement!);
    expect(onKeep).not.toHaveBeenCalled();
  });
});
