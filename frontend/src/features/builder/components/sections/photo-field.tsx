import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../components/notices.tsx';
import { errorMessage } from '../../../../lib/error-message.ts';
import { createPhotoUpload, photoKeys, sendPhoto, usePhotoSrc } from '../../../resumes/index.ts';
import { checkPhotoFile, PHOTO_SOURCE_MAX_BYTES, PHOTO_TYPES } from '../../lib/field-checks.ts';
import { useChange, useDocument } from '../../store/document-store.ts';
import { useAnnounce } from '../announcer.tsx';
import { useGetDocument } from '../document-access.tsx';
import { EditorIcon } from '../editor-icons.tsx';
import { PHOTO_MAX_SIDE, shrinkPhoto, UnreadableImageError } from './shrink-photo.ts';

type UploadState =
  | { status: 'idle' }
  | { status: 'preparing' }
  | { status: 'uploading'; progress: number }
  | { status: 'failed'; title: string; detail: string };

const MEGABYTE = 1024 * 1024;

/**
 * The resume photo: choose a JPEG, PNG or WebP; it is checked, shrunk to a JPEG of at most 800 px here,
 * then sent straight to storage with a presigned form, and only its id goes into the resume.
 */
export function PhotoField() {
  const { t } = useTranslation();
  const id = useId();
  const change = useChange();
  const get = useGetDocument();
  const notify = useNotify();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const photo = useDocument((d) => d.personalInfo.photo);
  const initials = useDocument(
    (d) => `${d.personalInfo.firstName.trim().charAt(0)}${d.personalInfo.lastName.trim().charAt(0)}`,
  );
  const src = usePhotoSrc(photo);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const setPhoto = (photoId: string) => change({ personalInfo: { ...get().personalInfo, photo: photoId } });

  async function upload(file: File) {
    const problem = checkPhotoFile(file);
    if (problem) {
      setState({
        status: 'failed',
        title: t(`editor.photo.errors.${problem}`),
        detail: t(`editor.photo.errors.${problem}Detail`, { max: PHOTO_SOURCE_MAX_BYTES / MEGABYTE }),
      });
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'preparing' });
    try {
      const jpeg = await shrinkPhoto(file);
      const ticket = await createPhotoUpload({ contentType: 'image/jpeg', size: jpeg.size });
      if (controller.signal.aborted) return;
      setState({ status: 'uploading', progress: 0 });
      await sendPhoto(ticket, jpeg, {
        signal: controller.signal,
        onProgress: (progress) => setState({ status: 'uploading', progress }),
      });
      // The bytes are here already: the preview shows them without reading them back.
      queryClient.setQueryData(photoKeys.detail(ticket.photoId), jpeg);
      setPhoto(ticket.photoId);
      setState({ status: 'idle' });
      announce(t('editor.photo.uploaded'));
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        status: 'failed',
        title: t('editor.photo.errors.upload'),
        detail:
          error instanceof UnreadableImageError
            ? t('editor.photo.errors.unreadable')
            : errorMessage(t, error),
      });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  function remove() {
    const previous = photo;
    setPhoto('');
    notify({
      title: t('editor.photo.removed'),
      action: {
        label: t('editor.item.undo'),
        onClick: () => {
          if (get().personalInfo.photo === '') setPhoto(previous);
        },
      },
    });
  }

  const busy = state.status === 'preparing' || state.status === 'uploading';
  const percent = state.status === 'uploading' ? Math.round(state.progress * 100) : 0;

  return (
    <fieldset className="editor-photo" aria-busy={busy} aria-labelledby={`${id}-label`}>
      <div className="editor-photo__frame">
        {src ? (
          <img src={src} alt={t('editor.photo.alt')} width={64} height={64} />
        ) : (
          <span className="editor-photo__placeholder" aria-hidden="true">
            {initials || <EditorIcon name="user" />}
          </span>
        )}
      </div>
      <div className="editor-photo__body">
        <p className="editor-photo__label" id={`${id}-label`}>
          {t('editor.photo.label')}
        </p>
        <p className="field__hint" id={`${id}-hint`}>
          {t('editor.photo.hint', { size: PHOTO_MAX_SIDE })}
        </p>
        <div className="editor-photo__actions">
          <button
            type="button"
            className="button button--secondary editor-small-button"
            onClick={() => input.current?.click()}
            disabled={busy}
            aria-describedby={`${id}-hint`}
          >
            <EditorIcon name="plus" size={16} />
            {photo ? t('editor.photo.replace') : t('editor.photo.upload')}
          </button>
          {photo ? (
            <button
              type="button"
              className="button button--ghost editor-small-button"
              onClick={remove}
              disabled={busy}
            >
              {t('editor.photo.remove')}
            </button>
          ) : null}
        </div>
        {busy ? (
          <div className="editor-photo__progress" role="status">
            <progress
              max={100}
              value={state.status === 'uploading' ? percent : undefined}
              aria-label={t('editor.photo.progressLabel')}
            />
            <span>
              {state.status === 'uploading'
                ? t('editor.photo.uploading', { percent })
                : t('editor.photo.preparing')}
            </span>
          </div>
        ) : null}
        {state.status === 'failed' ? (
          <div className="editor-photo__error" role="alert">
            <strong>{state.title}</strong>
            <span>{state.detail}</span>
          </div>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        hidden
        aria-label={t('editor.photo.choose')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again after an error still fires a change.
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </fieldset>
  );
}
