/** @jest-environment node */
import { beforeAll, describe, expect, it } from '@jest/globals';
import i18next, { type TFunction } from 'i18next';
import { importErrorCodes } from '#shared/imports';
import { readLocale } from '../../../i18n/read-locale.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from './failure.ts';

let en: TFunction;
let pt: TFunction;

beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en-US',
    resources: {
      'en-US': { translation: readLocale('en-US') },
      'pt-BR': { translation: readLocale('pt-BR') },
    },
    interpolation: { escapeValue: false },
  });
  en = i18n.getFixedT('en-US');
  pt = i18n.getFixedT('pt-BR');
});

describe('failureText', () => {
  it("says 'Error processing resume' with a reason of its own for every import error code", () => {
    const reasons = new Set<string>();
    for (const code of importErrorCodes) {
      const text = failureText(en, { kind: 'job', code }, 'pdf');
      expect(text.title).toBe('Error processing resume');
      expect(text.reason).not.toMatch(/import\.reasons|\{\{/);
      expect(text.upgrade).toBe(false);
      reasons.add(text.reason);
    }
    expect(reasons.size).toBe(importErrorCodes.length);
    expect(failureText(pt, { kind: 'job', code: 'IMPORT_NO_TEXT' }, 'pdf').title).toBe(
      'Erro ao processar o currículo',
    );
  });

  it('names the page limit in the too-many-pages reason', () => {
    expect(failureText(en, { kind: 'job', code: 'IMPORT_TOO_MANY_PAGES' }, 'pdf').reason).toContain(
      '10 pages',
    );
  });

  it('uses the spec’s LinkedIn wording when a LinkedIn export fails', () => {
    expect(failureText(en, { kind: 'job', code: 'IMPORT_NOT_LINKEDIN' }, 'linkedin-zip').title).toBe(
      'Failed to import LinkedIn profile',
    );
    expect(failureText(pt, { kind: 'timeout' }, 'linkedin-zip').title).toBe(
      'Falha ao importar o perfil do LinkedIn. Tente novamente.',
    );
  });

  it('offers Upgrade to Pro when the plan’s limit stopped the import, from the request or the job', () => {
    const request = failureText(
      en,
      { kind: 'request', error: new ApiError({ code: 'RESUME_LIMIT_REACHED', status: 403 }) },
      'pdf',
    );
    expect(request).toEqual({
      title: 'Error processing resume',
      reason: 'You have reached the Free plan limit of 3 resumes. Upgrade to Pro for unlimited resumes.',
      upgrade: true,
    });
    expect(failureText(en, { kind: 'job', code: 'RESUME_LIMIT_REACHED' }, 'docx')).toEqual(request);
  });

  it('explains an unknown code, a refused upload, a lost connection and a job that never ends', () => {
    expect(failureText(en, { kind: 'job', code: 'SOMETHING_NEW' }, 'pdf').reason).toBe(
      'Something went wrong while importing the file.',
    );
    expect(failureText(en, { kind: 'upload', refusal: 'expired' }, 'pdf').reason).toMatch(/expired/);
    expect(failureText(en, { kind: 'upload', refusal: 'network' }, 'pdf').reason).toMatch(/connection/);
    expect(failureText(en, { kind: 'timeout' }, 'pdf').reason).toMatch(/longer than expected/);
    expect(
      failureText(en, { kind: 'request', error: new ApiError({ code: 'NETWORK_ERROR', status: 0 }) }, 'pdf')
        .upgrade,
    ).toBe(false);
  });
});
