import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Icon, type IconName } from '../../../components/icons.tsx';
import { authLink, signInFor } from '../../../lib/auth-links.ts';

const features: { key: 'ai' | 'ats' | 'preview'; icon: IconName }[] = [
  { key: 'ai', icon: 'sparkles' },
  { key: 'ats', icon: 'target' },
  { key: 'preview', icon: 'eye' },
];

const steps = ['one', 'two', 'three'] as const;

/**
 * The gallery shows each template as a picture (`frontend/public/templates/<id>.png`, written by
 * `npm run docs:images`), never as the template's React code, so the landing page stays light. The ids, Pro
 * flags and picture paths repeat shared/templates/registry.ts (landing-page.test.ts keeps them equal):
 * importing the registry would pull the resume schemas into the landing bundle (about 2 KiB gzip).
 */
export const galleryTemplates = [
  { id: 'simple', pro: false, thumbnail: '/templates/simple.png' },
  { id: 'classic', pro: true, thumbnail: '/templates/classic.png' },
  { id: 'modern', pro: true, thumbnail: '/templates/modern.png' },
  { id: 'compact', pro: true, thumbnail: '/templates/compact.png' },
] as const;
/** The pictures' size in px: a US Letter first page 480 px wide. */
const galleryImage = { width: 480, height: 622 };

/**
 * "View templates" is a plain link to #templates: the browser scrolls there. Focus is moved to the gallery
 * as well, so keyboard and screen-reader users continue from it rather than from the button.
 */
function useFocusOnHash(hash: string, id: string) {
  useEffect(() => {
    if (hash !== `#${id}`) return;
    const target = document.getElementById(id);
    if (target && document.activeElement !== target) target.focus({ preventScroll: true });
  }, [hash, id]);
}

/**
 * The landing page (spec section 2): hero, two ways to start, the template gallery, features, how it works,
 * call to action. Every way to start ends in the editor; visitors go through sign-up first.
 */
export function LandingPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const startBuilding = signedIn ? '/new-resume' : authLink('sign-up', '/builder');
  useFocusOnHash(useLocation().hash, 'templates');
  const ids = useId();
  const heroId = `${ids}-hero`;
  const optionsId = `${ids}-options`;
  const galleryId = `${ids}-templates`;
  const featuresId = `${ids}-features`;
  const stepsId = `${ids}-steps`;
  const ctaId = `${ids}-cta`;

  return (
    <div className="landing">
      <section className="hero" aria-labelledby={heroId}>
        <p className="hero__eyebrow">{t('landing.hero.eyebrow')}</p>
        <h1 id={heroId} className="hero__title">
          {t('landing.hero.title')}
        </h1>
        <p className="hero__lead">{t('landing.hero.lead')}</p>
        <div className="hero__actions">
          {signedIn ? (
            <Link to="/resumes" className="button button--primary button--large">
              {t('landing.hero.continue')}
              <Icon name="arrowRight" />
            </Link>
          ) : (
            <Link to={startBuilding} className="button button--primary button--large">
              {t('landing.hero.getStarted')}
              <Icon name="arrowRight" />
            </Link>
          )}
          <a href="#templates" className="button button--secondary button--large">
            {t('landing.hero.viewTemplates')}
          </a>
        </div>
      </section>

      <section className="landing__section" aria-labelledby={optionsId}>
        <h2 id={optionsId} className="section-title">
          {t('landing.options.title')}
        </h2>
        <ul className="option-cards">
          <li className="option-card">
            <Icon name="filePlus" className="option-card__icon" />
            <h3>{t('landing.options.scratch.title')}</h3>
            <p>{t('landing.options.scratch.description')}</p>
            <Link to={startBuilding} className="button button--primary">
              {t('landing.options.scratch.action')}
            </Link>
          </li>
          <li className="option-card">
            <Icon name="upload" className="option-card__icon" />
            <h3>{t('landing.options.upload.title')}</h3>
            <p>{t('landing.options.upload.description')}</p>
            <Link
              to={signedIn ? '/upload-resume' : signInFor('/upload-resume')}
              className="button button--secondary"
            >
              {t('landing.options.upload.action')}
            </Link>
          </li>
        </ul>
      </section>

      <section id="templates" className="landing__section" aria-labelledby={galleryId} tabIndex={-1}>
        <div className="landing__section-head">
          <h2 id={galleryId} className="section-title">
            {t('landing.templates.title')}
          </h2>
          <p className="landing__section-lead">{t('landing.templates.lead')}</p>
        </div>
        <ul className="template-gallery">
          {galleryTemplates.map(({ id, pro, thumbnail }) => (
            <li key={id} className="template-card">
              <img
                className="template-card__image"
                src={t('landing.templates.image', { file: thumbnail.replace(/\.png$/, '') })}
                width={galleryImage.width}
                height={galleryImage.height}
                alt={t('landing.templates.alt', { name: t(`landing.templates.items.${id}.name`) })}
                loading="lazy"
                decoding="async"
              />
              <div className="template-card__text">
                <h3 className="template-card__name">
                  {t(`landing.templates.items.${id}.name`)}
                  {pro ? (
                    <span className="badge template-card__badge">{t('landing.templates.pro')}</span>
                  ) : null}
                </h3>
                <p>{t(`landing.templates.items.${id}.description`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="landing__section-note">{t('landing.templates.note')}</p>
      </section>

      <section id="features" className="landing__section" aria-labelledby={featuresId}>
        <h2 id={featuresId} className="section-title">
          {t('landing.features.title')}
        </h2>
        <ul className="feature-grid">
          {features.map(({ key, icon }) => (
            <li key={key} className="feature">
              <span className="feature__icon">
                <Icon name={icon} />
              </span>
              <h3>{t(`landing.features.${key}.title`)}</h3>
              <p>{t(`landing.features.${key}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing__section" aria-labelledby={stepsId}>
        <h2 id={stepsId} className="section-title">
          {t('landing.steps.title')}
        </h2>
        <ol className="steps">
          {steps.map((step) => (
            <li key={step} className="step">
              <h3>{t(`landing.steps.${step}.title`)}</h3>
              <p>{t(`landing.steps.${step}.description`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="cta" aria-labelledby={ctaId}>
        <h2 id={ctaId}>{t('landing.cta.title')}</h2>
        <p>{t('landing.cta.description')}</p>
        <div className="cta__actions">
          <Link to={startBuilding} className="button button--primary button--large">
            {t('landing.cta.start')}
          </Link>
          <Link to="/pricing" className="button button--secondary button--large">
            {t('landing.cta.pricing')}
          </Link>
        </div>
      </section>
    </div>
  );
}
