import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import type { AdminHealth } from '#shared/admin';
import { readLocale } from '../../../i18n/read-locale.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const health: AdminHealth = {
  status: 'ok',
  checkedAt: '2026-11-27T12:00:00.000Z',
  table: { name: 'resume-builder-local', status: 'ACTIVE', itemCount: 12, sizeBytes: 2048 },
  queues: [{ name: 'resume-builder-local-ai', depth: 0, inFlight: 1, dlqDepth: 0 }],
};

let HealthPanel: typeof import('./health-panel.tsx').HealthPanel;
let container: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  jest.unstable_mockModule('../api/get-health.ts', () => ({
    useHealth: () => ({ data: health, isPending: false, isError: false, refetch: async () => {} }),
  }));
  ({ HealthPanel } = await import('./health-panel.tsx'));
  await i18next.use(initReactI18next).init({
    lng: 'pt-BR',
    resources: {
      'en-US': { translation: readLocale('en-US') },
      'pt-BR': { translation: readLocale('pt-BR') },
    },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('system health', () => {
  it("translates the table's status and names every cell for the stacked phone layout", () => {
    act(() => root.render(<HealthPanel />));
    const tables = [...container.querySelectorAll('table')];
    expect(tables).toHaveLength(2);
    for (const table of tables) {
      expect(table.classList.contains('table--stack')).toBe(true);
      for (const cell of table.querySelectorAll('tbody td'))
        expect(cell.getAttribute('data-label')).toEqual(expect.any(String));
    }
    expect(container.textContent).toContain('Ativa');
    expect(container.textContent).not.toContain('ACTIVE');
  });
});
