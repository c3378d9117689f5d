import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { nameSlot, TextWithName, withNames } from '../../ui/common/TextWithName';
import { renderWithCore } from './render';

describe('TextWithName', () => {
  it('puts each name where its slot is, as a NameText, keeping the words round them', () => {
    const text = `My next destination will be ${nameSlot(0)} to ${nameSlot(1)}`;
    const { container } = renderWithCore(<TextWithName text={text} names={['Lab', 'Giulia Rossi']} lines={2} />);
    expect(container.textContent).toBe('My next destination will be Lab to Giulia Rossi');
    const clips = [...container.querySelectorAll<HTMLElement>('.name-text-clip')];
    expect(clips.map((c) => c.textContent)).toEqual(['Lab', 'Giulia Rossi']);
    expect(clips.map((c) => c.style.getPropertyValue('--name-lines'))).toEqual(['2', '2']);
  });

  it('keeps a language that puts the name first, emoji in the words, and a text with no slot', () => {
    const { container } = renderWithCore(<TextWithName text={`${nameSlot(0)}: panoramica 🤖`} names={['Missione 1']} />);
    expect(container.textContent).toBe('Missione 1: panoramica 🤖');
    // The colon is written against the name: it goes with it, in one unbreakable group.
    const glue = container.firstElementChild!;
    expect(glue.classList.contains('name-glue')).toBe(true);
    expect(glue.firstElementChild!.classList.contains('name-text')).toBe(true);
    expect(glue.textContent).toBe('Missione 1:');
    const plain = render(<TextWithName text="No names here" names={['unused']} />);
    expect(plain.container.textContent).toBe('No names here');
    expect(plain.container.querySelector('.name-text')).toBeNull();
  });

  it('keeps the punctuation written against a name with it, and leaves names between spaces alone', () => {
    const { container } = renderWithCore(<TextWithName text={`Fermare la missione "${nameSlot(0)}"? Sì`} names={['Morning round']} />);
    expect(container.textContent).toBe('Fermare la missione "Morning round"? Sì');
    expect([...container.querySelectorAll('.name-glue')].map((g) => g.textContent)).toEqual(['"Morning round"?']);
    const spaced = renderWithCore(<TextWithName text={`Le destinazioni ${nameSlot(0)} e ${nameSlot(1)}`} names={['Lab', 'Kitchen']} />);
    expect(spaced.container.textContent).toBe('Le destinazioni Lab e Kitchen');
    expect(spaced.container.querySelector('.name-glue')).toBeNull();
  });

  it('gives the sentence as plain text for an accessible name', () => {
    expect(withNames(`Stop "${nameSlot(0)}" mission?`, ['Reception'])).toBe('Stop "Reception" mission?');
    expect(withNames(`${nameSlot(1)} → ${nameSlot(0)}`, ['🤖🚀', 'روبوت'])).toBe('روبوت → 🤖🚀');
  });
});
