import { type ReactNode, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import type { FeatureFlagName } from '#shared/flag-names';
import { track } from '../../analytics/index.ts';
import { useFeatureFlag } from '../api/get-flags.ts';

/**
 * A layout route for a feature behind a server flag: its pages while the flag is on (opening one counts as a
 * use of the feature), `off` while it is off, `loading` while the flags load.
 */
export function FlagGate({
  flag,
  loading,
  off,
}: {
  flag: FeatureFlagName;
  loading: ReactNode;
  off: ReactNode;
}) {
  const enabled = useFeatureFlag(flag);
  useEffect(() => {
    if (enabled) track('feature_used', { feature: flag });
  }, [enabled, flag]);
  if (enabled === null) return loading;
  return enabled ? <Outlet /> : off;
}
