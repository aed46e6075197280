/**
 * What a text may cost in Claude tokens at most, without a tokenizer: its UTF-8 byte count. A byte-level
 * BPE token covers at least one byte, so no text, however made, counts more tokens than it has bytes;
 * everyday English counts about a token per four bytes, so the bound is loose there, and budgets in these
 * tokens are set with that in mind (prompt-budget.ts). A finer estimate by words was tried and fails on
 * random letters ("aqp" is two tokens), which a user can type; tokens.test.ts checks the bound against
 * Anthropic's published tokenizer on real and made-up texts.
 */
const utf8 = new TextEncoder();

/**
 * The byte count of the text and of its NFKC form, whichever is larger: a tokenizer may normalise first, and
 * NFKC can lengthen a character ("῭" is one character of 3 bytes, and 5 bytes once normalised).
 */
export const estimateTokens = (text: string): number =>
  Math.max(utf8.encode(text).length, utf8.encode(text.normalize('NFKC')).length);
