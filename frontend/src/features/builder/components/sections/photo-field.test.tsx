import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import { MAX_STORED_PHOTOS } from '#shared/plans';
import { NoticeProvider } from '../../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../../components/testing/dom.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import type { PhotoUpload, PhotoUploadRequest } from '../../../resumes/index.ts';
import { documentStore, emptyDocument, resetDocument } from '../../store/document-store.ts';
import { DocumentAccessProvider } from '../document-access.tsx';

const mount = rootPerTest();
const createPhotoUpload = jest.fn<(request: PhotoUploadRequest) => Promise<PhotoUpload>>();
let PhotoField: typeof import('./photo-field.tsx').PhotoField;

beforeAll(async () => {
  // jsdom has no canvas to shrink with, and the network is the server's answer played here.
  jest.unstable_mockModule('./shrink-photo.ts', () => ({
    PHOTO_MAX_SIDE: 800,
    UnreadableImageError: class UnreadableImageError extends Error {},
    shrinkPhoto: async () => new Blob([new Uint8Array(10)], { type: 'image/jpeg' }),
  }));
  jest.unstable_mockModule('../../../resumes/index.ts', () => ({
    createPhotoUpload,
    sendPhoto: jest.fn(),
    photoKeys: { all: ['photos'], detail: (id: string) => ['photos', id] },
    usePhotoSrc: () => undefined,
  }));
  ({ PhotoField } = await import('./photo-field.tsx'));
  await initTestI18n(['en-US', 'pt-BR']);
});

function render() {
  resetDocument(emptyDocument());
  act(() =>
    mount.root.render(
      <QueryClientProvider client={new QueryClient()}>
        <NoticeProvider>
          <DocumentAccessProvider>
            <PhotoField />
          </DocumentAccessProvider>
        </NoticeProvider>
      </QueryClientProvider>,
    ),
  );
}

/** Choose a file in the hidden input, as the "Upload photo" button's dialog does, and let the upload settle. */
async function choose(file: File) {
  const input = mount.container.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const limitReached = () =>
  new ApiError({ code: 'PHOTO_LIMIT_REACHED', status: 409, message: 'At most 20 photos are kept per user.' });

describe('PhotoField', () => {
  it.each([
    ['en-US', 'The photo was not uploaded', `You have ${MAX_STORED_PHOTOS} photos stored, the most we keep.`],
    [
      'pt-BR',
      'A foto não foi enviada',
      `Você já tem ${MAX_STORED_PHOTOS} fotos guardadas, o máximo que mantemos.`,
    ],
  ])('shows the photo limit in %s and leaves the resume photo as it was', async (language, title, detail) => {
    await i18next.changeLanguage(language);
    createPhotoUpload.mockRejectedValueOnce(limitReached());
    render();

    await choose(new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));

    const alert = mount.container.querySelector('[role=alert]');
    expect(createPhotoUpload).toHaveBeenCalledWith({ contentType: 'image/jpeg', size: 10 });
    expect(alert?.querySelector('strong')?.textContent).toBe(title);
    expect(alert?.querySelector('span')?.textContent).toContain(detail);
    expect(documentStore.getState().doc.personalInfo.photo).toBe('');
  });
});
