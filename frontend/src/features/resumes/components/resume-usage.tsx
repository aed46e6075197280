import { useTranslation } from 'react-i18next';
import { UsageMeter } from '../../../components/usage-meter.tsx';
import type { ResumeAllowance } from '../hooks/use-resume-allowance.ts';

/** "2 of 3 resumes used" with a meter; nothing while /me loads or when it fails (the list still works). */
export function ResumeUsage({ allowance }: { allowance: ResumeAllowance | null }) {
  const { t } = useTranslation();
  if (!allowance) return null;
  const { used, limit, atLimit } = allowance;
  if (limit === null) return <p className="usage">{t('resumes.usageUnlimited', { count: used })}</p>;
  return (
    <div className={atLimit ? 'usage usage--full' : 'usage'}>
      <p>{t('resumes.usage', { used, count: limit })}</p>
      <UsageMeter used={used} limit={limit} />
    </div>
  );
}
