/** The search's first question of a read's bytes (worker/replaySearch.ts): may they hold the query's text? */
import type { EventSearch } from '../core/log/search';

/**
 * Whether a stretch of text may hold the query's text, whatever the case, with no lower-case copy of it: a
 * case-insensitive regular expression over the text as read (the engine's own loop, twice as fast as lowering
 * the text and looking in that). For text of ASCII alone (each byte one character) the expression finds exactly
 * what the lower-case rule finds; for other text the rule is asked itself.
 */
export class ReadCheck {
  private readonly pattern: RegExp;
  private readonly decoder = new TextDecoder();

  constructor(private readonly search: EventSearch) {
    this.pattern = new RegExp(search.needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  }

  mayHold(bytes: Uint8Array): boolean {
    if (this.search.needle === '') return true;
    const text = this.decoder.decode(bytes);
    // As many characters as bytes: every byte an ASCII character (or one the decoder could not read, U+FFFD,
    // which matches itself alone either way); a character of several bytes makes the text shorter.
    if (text.length === bytes.length) return this.pattern.test(text);
    return this.search.mayHold(text.toLowerCase());
  }
}
