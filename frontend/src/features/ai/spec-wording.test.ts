/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { readLocale } from '../../i18n/read-locale.ts';

type Tree = { [key: string]: string | Tree };
const at = (tree: Tree, path: string) =>
  path
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      tree,
    );

describe('the AI texts', () => {
  const english = readLocale('en-US') as Tree;
  const portuguese = readLocale('pt-BR') as Tree;

  it('keep the spec wording of the tailoring and assistant messages (section 8)', () => {
    expect(at(english, 'ai.tailoring.missing.title')).toBe('Missing Information');
    expect(at(english, 'ai.tailoring.failed.title')).toBe('Analysis Failed');
    expect(at(english, 'ai.tailoring.review.noneSelectedTitle')).toBe('No Changes Selected');
    expect(at(english, 'ai.tailoring.save.failed')).toBe('Save Failed');
    expect(at(english, 'ai.tailoring.save.invalidName')).toBe('Invalid resume name');
    expect(at(english, 'ai.tailoring.select.loadFailed')).toBe(
      'Failed to load your resumes. Please try again.',
    );
    expect(at(portuguese, 'ai.tailoring.select.loadFailed')).toBe(
      'Falha ao carregar seus currículos. Tente novamente.',
    );
    expect(at(english, 'ai.assistant.errorReply')).toBe(
      'Sorry, I encountered an error. Please try again later.',
    );
    expect(at(english, 'ai.assistant.failedTitle')).toBe('Failed to get a response');
    expect(at(english, 'ai.assistant.couldNotProcess')).toBe("I couldn't process that");
  });

  it('say how many more characters are needed without the minimum, in both languages with plurals', () => {
    for (const tree of [english, portuguese]) {
      expect(at(tree, 'ai.tailoring.describe.more_one')).toEqual(expect.stringContaining('{{count}}'));
      expect(at(tree, 'ai.tailoring.describe.more_other')).toEqual(expect.stringContaining('{{count}}'));
    }
    expect(at(english, 'ai.tailoring.describe.more_other')).toBe('{{count}} more characters needed');
  });
});
