import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon, type IconName } from '../../../components/icons.tsx';
import { signInFor } from '../../shell/lib/auth-links.ts';

const features: { key: 'ai' | 'ats' | 'preview'; icon: IconName }[] = [
  { key: 'ai', icon: 'sparkles' },
  { key: 'ats', icon: 'target' },
  { key: 'preview', icon: 'eye' },
];

const steps = ['one', 'two', 'three'] as const;

/** The landing page (spec section 2): hero, two ways to start, features, how it works, call to action. */
export function LandingPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const ids = useId();
  const heroId = `${ids}-hero`;
  const optionsId = `${ids}-options`;
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
            <Link to="/builder" className="button button--primary button--large">
              {t('landing.hero.getStarted')}
              <Icon name="arrowRight" />
            </Link>
          )}
          <a href="#features" className="button button--secondary button--large">
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
            <Link to="/builder" className="button button--primary">
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

      <section id="features" className="landing__section" aria-labelledby={featuresId} tabIndex={-1}>
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
          <Link to="/builder" className="button button--primary button--large">
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
