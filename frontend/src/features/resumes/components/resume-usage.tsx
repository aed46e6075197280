import { useTranslation } from 'react-i18next';
import { useMe } from '../../account/api/get-me.ts';

/** "2 of 3 resumes used" from GET /me; nothing while it loads or when it fails (the list still works). */
export function ResumeUsage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return null;
  const { used, limit } = me.data.usage.resumes;
  if (limit === null) return <p className="usage">{t('resumes.usageUnlimited', { used })}</p>;
  const full = used >= limit;
  return (
    <div className={full ? 'usage usage--full' : 'usage'}>
      <p>{t('resumes.usage', { used, limit })}</p>
      {/* low/high/optimum make the bar turn amber one short of the limit and red at it. */}
      <meter
        min={0}
        max={limit}
        low={limit - 1.5}
        high={limit - 0.5}
        optimum={0}
        value={Math.min(used, limit)}
        aria-hidden="true"
      />
    </div>
  );
}
