/** The on-screen keyboard's letters per language: QWERTY, with the Italian accented vowels where Italians find them. */
export type KeyboardLanguage = 'en' | 'it';

export const LAYOUTS: Record<KeyboardLanguage, string[][]> = {
  en: [
    ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'],
    ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'],
    ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l', "'"],
    ['z', 'x', 'c', 'v', 'b', 'n', 'm', '-', '.'],
  ],
  it: [
    ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'],
    ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p', 'è'],
    ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'ò', 'à'],
    ['z', 'x', 'c', 'v', 'b', 'n', 'm', 'ù', 'ì', "'", '-'],
  ],
};

/**
 * The number keypad of a number field (the teleop velocities): only what a number needs, in two rows so that
 * it covers less of the page than the letters do.
 */
export const NUMERIC_KEYPAD: string[][] = [
  ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'],
  ['-', '.'],
];
