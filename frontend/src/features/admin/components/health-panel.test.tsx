import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import type { AdminHealth } from '#shared/admin';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';

const health: AdminHealth = {
  status: 'ok',
  checkedAt: '2026-11-27T12:00:00.000Z',
  table: { name: 'resume-builder-local', status: 'ACTIVE', itemCount: 12, sizeBytes: 2048 },
  queues: [{ name: 'resume-builder-local-ai', depth: 0, inFlight: 1, dlqDepth: 0 }],
};

let HealthPanel: typeof import('./health-panel.tsx').HealthPanel;
const mount = rootPerTest();

beforeAll(async () => {
  jest.unstable_mockModule('../api/get-health.ts', () => ({
    useHealth: () => ({ data: health, isPending: false, isError: false, refetch: async () => {} }),
  }));
  ({ HealthPanel } = await import('./health-panel.tsx'));
  await initTestI18n(['pt-BR', 'en-US']);
});

describe('system health', () => {
  it("translates the table's status and names every cell for the stacked phone layout", () => {
    act(() => mount.root.render(<HealthPanel />));
    const tables = [...mount.container.querySelectorAll('table')];
    expect(tables).toHaveLength(2);
    for (const table of tables) {
      expect(table.classList.contains('table--stack')).toBe(true);
      for (const cell of table.querySelectorAll('tbody td'))
        expect(cell.getAttribute('data-label')).toEqual(expect.any(String));
    }
    expect(mount.container.textContent).toContain('Ativa');
    expect(mount.container.textContent).not.toContain('ACTIVE');
  });
});
