import { describe, expect, it } from '@jest/globals';
import { focusFirstInvalid, focusPageHeading } from './focus.ts';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

describe('focusFirstInvalid', () => {
  it('focuses the first field marked invalid, after the next frame', async () => {
    document.body.innerHTML = `<form><input id="a"><input id="b" aria-invalid="true"><input id="c" aria-invalid="true"></form>`;
    focusFirstInvalid(document.querySelector('form'));
    await nextFrame();
    expect(document.activeElement?.id).toBe('b');
  });

  it('skips an invalid field that is not rendered', async () => {
    document.body.innerHTML = `<form><select id="phone" aria-invalid="true"></select><input id="desk" aria-invalid="true"></form>`;
    const phone = document.getElementById('phone') as HTMLElement;
    const desk = document.getElementById('desk') as HTMLElement;
    // jsdom computes no layout: answer as a browser would with the phone-only select hidden.
    phone.checkVisibility = () => false;
    desk.checkVisibility = () => true;
    focusFirstInvalid(document.querySelector('form'));
    await nextFrame();
    expect(document.activeElement?.id).toBe('desk');
  });

  it('leaves the focus alone when nothing is invalid', async () => {
    document.body.innerHTML = `<form><input id="a"></form><button id="send">Send</button>`;
    document.getElementById('send')?.focus();
    focusFirstInvalid(document.querySelector('form'));
    await nextFrame();
    expect(document.activeElement?.id).toBe('send');
  });
});

describe('focusPageHeading', () => {
  it("focuses main's h1, focusable by script only", () => {
    document.body.innerHTML = `<header><h1>Brand</h1></header><main><h1 id="title">My resumes</h1></main>`;
    expect(focusPageHeading()).toBe(true);
    expect(document.activeElement?.id).toBe('title');
    expect(document.getElementById('title')?.getAttribute('tabindex')).toBe('-1');
  });

  it('says so when the page has no heading yet', () => {
    document.body.innerHTML = '<main><p>Loading</p></main>';
    expect(focusPageHeading()).toBe(false);
  });
});
