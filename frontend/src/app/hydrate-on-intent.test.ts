import { afterEach, describe, expect, it } from '@jest/globals';
import { isStaticUntilIntent, mayWaitForIntent, whenIntent } from './hydrate-on-intent.ts';

const config = { ptBrHosts: ['curriculo.example.com.br'], userPoolClientId: 'client1' };

function page(path: string, mark: string | null): HTMLElement {
  window.history.replaceState(null, '', path);
  const root = document.createElement('div');
  if (mark !== null) root.setAttribute('data-prerendered', mark);
  return root;
}

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('which pages wait for an intent before fetching the app', () => {
  it('the landing page, FAQ, privacy policy and terms, served prerendered for this path', () => {
    for (const path of ['/', '/faq', '/privacy-policy', '/terms', '/terms/'])
      expect(mayWaitForIntent(page(path, path.replace(/(.)\/$/, '$1')), config)).toBe(true);
  });

  it('not /pricing (its plan buttons need the app), app pages, or a file served for another path', () => {
    expect(mayWaitForIntent(page('/pricing', '/pricing'), config)).toBe(false);
    expect(isStaticUntilIntent(page('/builder', null))).toBe(false);
    expect(mayWaitForIntent(page('/faq', '/'), config)).toBe(false);
  });

  it('not when the app would choose another language than the markup (it renders afresh, at once)', () => {
    expect(mayWaitForIntent(page('/?lng=pt-BR', '/'), config)).toBe(false);
    expect(mayWaitForIntent(page('/?lng=pt-BR', '/?lng=pt-BR&currency=USD'), config)).toBe(true);
    localStorage.setItem('i18nextLng', 'pt-BR');
    expect(mayWaitForIntent(page('/faq', '/faq'), config)).toBe(false);
  });

  it('not with a stored session: a signed-in visitor sees "My resumes", which the markup does not have', () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client1.LastAuthUser', 'someone');
    expect(mayWaitForIntent(page('/', '/'), config)).toBe(false);
    localStorage.clear();
    localStorage.setItem('CognitoIdentityServiceProvider.another-client.LastAuthUser', 'someone');
    expect(mayWaitForIntent(page('/', '/'), config)).toBe(true);
  });
});

describe('whenIntent', () => {
  it('waits through reading, then resolves on the first key, touch or pointer movement', async () => {
    for (const type of ['keydown', 'pointermove', 'touchstart', 'pointerdown']) {
      let resolved = false;
      const intent = whenIntent(document).then(() => {
        resolved = true;
      });
      window.dispatchEvent(new Event('scroll'));
      await Promise.resolve();
      expect(resolved).toBe(false);
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      await intent;
      expect(resolved).toBe(true);
    }
  });

  it('resolves at once when something already has the focus', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    await expect(whenIntent(document)).resolves.toBeUndefined();
    button.remove();
  });
});
