/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import type { RouteObject } from 'react-router-dom';
import { resolveLazyRoutes } from './app.tsx';

const Page = () => null;

describe('resolveLazyRoutes', () => {
  it('loads the lazy routes the path matches, in place, and leaves the others lazy', async () => {
    const layout = jest.fn(async () => ({ Component: Page }));
    const pricing = jest.fn(async () => ({ Component: Page }));
    const faq = jest.fn(async () => ({ Component: Page }));
    const table: RouteObject[] = [
      {
        lazy: layout,
        children: [
          { path: '/', element: null },
          { path: '/pricing', lazy: pricing },
          { path: '/faq', lazy: faq },
        ],
      },
    ];

    await resolveLazyRoutes('/pricing', table);

    const [root] = table;
    const [, pricingRoute, faqRoute] = root?.children ?? [];
    expect(layout).toHaveBeenCalledTimes(1);
    expect(pricing).toHaveBeenCalledTimes(1);
    expect(faq).not.toHaveBeenCalled();
    expect(root).toMatchObject({ Component: Page, lazy: undefined });
    expect(pricingRoute).toMatchObject({ Component: Page, lazy: undefined });
    expect(faqRoute?.lazy).toBe(faq);
  });

  it('does nothing for a path no route matches', async () => {
    const lazy = jest.fn(async () => ({ Component: Page }));

    await resolveLazyRoutes('/nowhere', [{ path: '/pricing', lazy }]);

    expect(lazy).not.toHaveBeenCalled();
  });
});
