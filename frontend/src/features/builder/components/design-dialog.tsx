import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FontId, PageSize, ResumeLanguage, SectionTitleKey } from '#shared/resume';
import {
  defaultSectionTitles,
  defaultSectionTitlesPtBr,
  fontIds,
  pageSizes,
  resumeLanguages,
} from '#shared/resume-model';
import { templateById, templates } from '#shared/templates/registry';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { track } from '../../analytics/index.ts';
import { useChange, useDocument } from '../store/document-store.ts';

const accentSwatches = ['#2563eb', '#0f766e', '#7c3aed', '#b91c1c', '#c2410c', '#1f2937'];
const fontLabels: Record<FontId, string> = {
  inter: 'Inter',
  'source-serif-4': 'Source Serif 4',
  'ibm-plex-sans': 'IBM Plex Sans',
};

/** Section titles still at one language's defaults move to the other language's defaults. */
function translatedTitles(
  titles: Record<SectionTitleKey, string>,
  from: ResumeLanguage,
  to: ResumeLanguage,
): Record<SectionTitleKey, string> {
  const source = from === 'pt-BR' ? defaultSectionTitlesPtBr : defaultSectionTitles;
  const target = to === 'pt-BR' ? defaultSectionTitlesPtBr : defaultSectionTitles;
  const next = { ...titles };
  for (const key of Object.keys(titles) as SectionTitleKey[]) {
    if (titles[key] === source[key]) next[key] = target[key];
  }
  return next;
}

export interface DesignDialogProps {
  open: boolean;
  onClose: () => void;
  /** Whether the user may choose Pro templates (checked again by the server). */
  paid: boolean;
  /** The template shown in the preview without being chosen (a Free user trying a Pro template). */
  trying: string | null;
  onTry: (templateId: string | null) => void;
  thumbnail: (templateId: string) => ReactNode;
}

/**
 * Template and options: the user's own resume in each template, accent colour, font, page size, photo
 * and resume language. Free users may try every template in the preview; choosing a Pro one needs Pro.
 */
export function DesignDialog({ open, onClose, paid, trying, onTry, thumbnail }: DesignDialogProps) {
  const { t } = useTranslation();
  // After paying, the browser comes back to this builder with this dialog open again.
  const upgrade = useUpgradePath({ dialog: 'design' });
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const template = useDocument((doc) => doc.template);
  const settings = useDocument((doc) => doc.settings);
  const sectionTitle = useDocument((doc) => doc.sectionTitle);
  const change = useChange();
  const info = templateById(template);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const setSettings = (patch: Partial<typeof settings>) => change({ settings: { ...settings, ...patch } });

  function choose(id: string) {
    const target = templateById(id);
    if (target.pro && !paid) {
      onTry(id);
      return;
    }
    onTry(null);
    change({ template: id });
    track('template_selected', { template: id });
  }

  function setLanguage(language: ResumeLanguage) {
    if (language === settings.language) return;
    change({
      settings: { ...settings, language },
      sectionTitle: translatedTitles(sectionTitle, settings.language, language),
    });
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes a modal dialog with Escape natively; the click handler only adds closing by the backdrop.
    <dialog
      ref={dialog}
      className="dialog dialog--wide design-dialog"
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="dialog__body stack">
        <div className="dialog__header">
          <h2 id={`${ids}-title`}>{t('builder.design.title')}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={t('builder.design.close')}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>

        <fieldset className="design-dialog__group">
          <legend>{t('builder.design.template')}</legend>
          <ul className="template-choices">
            {templates.map((item) => {
              const selected = item.id === info.id;
              const locked = item.pro && !paid;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    className="template-choice"
                    aria-pressed={selected || trying === item.id}
                    onClick={() => choose(item.id)}
                  >
                    <span className="template-choice__thumb">{thumbnail(item.id)}</span>
                    <span className="template-choice__name">
                      {t(`builder.templates.${item.id}.name`, { defaultValue: item.name })}
                      {item.pro ? <span className="badge badge--pro">Pro</span> : null}
                    </span>
                    <span className="template-choice__description">
                      {t(`builder.templates.${item.id}.description`, { defaultValue: item.description })}
                    </span>
                    <span className="template-choice__state">
                      {selected
                        ? t('builder.design.selected')
                        : locked
                          ? t('builder.design.tryIt')
                          : t('builder.design.use')}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {!paid ? (
            <p className="design-dialog__pro-note">
              {t('builder.design.proNote')}{' '}
              <Link to={upgrade} className="link">
                {t('builder.upgrade')}
              </Link>
            </p>
          ) : null}
        </fieldset>

        <fieldset className="design-dialog__group">
          <legend>{t('builder.design.accent')}</legend>
          <div className="swatches">
            <button
              type="button"
              className="swatch swatch--default"
              aria-pressed={settings.accentColor === ''}
              onClick={() => setSettings({ accentColor: '' })}
            >
              {t('builder.design.templateDefault')}
            </button>
            {accentSwatches.map((color) => (
              <button
                key={color}
                type="button"
                className="swatch"
                style={{ background: color }}
                aria-pressed={settings.accentColor.toLowerCase() === color}
                aria-label={color}
                onClick={() => setSettings({ accentColor: color })}
              />
            ))}
            <label className="swatch-custom">
              <span>{t('builder.design.customColor')}</span>
              <input
                type="color"
                value={settings.accentColor || info.defaultAccent}
                onChange={(event) => setSettings({ accentColor: event.target.value })}
              />
            </label>
          </div>
        </fieldset>

        <div className="design-dialog__row">
          <label className="field">
            <span>{t('builder.design.font')}</span>
            <select
              value={settings.font}
              onChange={(event) => setSettings({ font: event.target.value as FontId | '' })}
            >
              <option value="">
                {t('builder.design.fontDefault', { font: fontLabels[info.defaultFont] })}
              </option>
              {fontIds.map((font) => (
                <option key={font} value={font}>
                  {fontLabels[font]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('builder.design.pageSize')}</span>
            <select
              value={settings.pageSize}
              onChange={(event) => setSettings({ pageSize: event.target.value as PageSize })}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {t(`builder.design.pageSizes.${size}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('builder.design.language')}</span>
            <select
              value={settings.language}
              onChange={(event) => setLanguage(event.target.value as ResumeLanguage)}
            >
              {resumeLanguages.map((language) => (
                <option key={language} value={language}>
                  {t(`builder.design.languages.${language}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.showPhoto}
            onChange={(event) => setSettings({ showPhoto: event.target.checked })}
          />
          <span>
            {t('builder.design.showPhoto')}
            {info.photoSlot ? null : <span className="muted"> · {t('builder.design.noPhotoSlot')}</span>}
          </span>
        </label>

        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('builder.design.done')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
