import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';

/**
 * The drop zone is a real button: a click, Enter or Space opens the file chooser (`onChoose`), and a file
 * dragged onto it is taken as it is dropped. The first file counts when several are dropped.
 */
export function DropZone({
  disabled,
  describedBy,
  onChoose,
  onFile,
}: {
  disabled: boolean;
  describedBy?: string;
  onChoose: () => void;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them so the highlight does not flicker.
  const depth = useRef(0);

  const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

  function onDragEnter(event: DragEvent<HTMLButtonElement>) {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  }

  function onDragOver(event: DragEvent<HTMLButtonElement>) {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }

  function onDragLeave() {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  }

  function onDrop(event: DragEvent<HTMLButtonElement>) {
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (!disabled && file) onFile(file);
  }

  return (
    <button
      type="button"
      className="import-dropzone"
      data-over={over || undefined}
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={onChoose}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <span className="import-dropzone__icon">
        <Icon name="cloudUpload" width="28" height="28" />
      </span>
      <span className="import-dropzone__title">
        {over ? t('import.dropzone.active') : t('import.dropzone.title')}
      </span>
      <span className="import-dropzone__or" aria-hidden="true">
        {t('import.dropzone.or')}
      </span>
      <span className="import-dropzone__choose">{t('import.dropzone.choose')}</span>
      <span className="import-dropzone__hint">{t('import.dropzone.hint')}</span>
    </button>
  );
}
