import {
  type FeatureFlagName,
  type FeatureFlagState,
  type FeatureFlags,
  featureFlagDefaults,
  featureFlagNames,
} from '#shared/flags';
import { putFlag, readStoredFlags } from '../adapters/table/flags.ts';

/**
 * Feature flags, all read at once. A stored item whose name is no longer a flag is ignored, and a flag
 * never written reads as its default.
 */
export async function listFlags(): Promise<FeatureFlagState[]> {
  const stored = new Map((await readStoredFlags()).map((item) => [item.name, item]));
  return featureFlagNames.map((name) => {
    const item = stored.get(name);
    if (typeof item?.enabled !== 'boolean') return { name, enabled: featureFlagDefaults[name] };
    return {
      name,
      enabled: item.enabled,
      ...(typeof item.updatedAt === 'string' ? { updatedAt: item.updatedAt } : {}),
      ...(typeof item.updatedBy === 'string' ? { updatedBy: item.updatedBy } : {}),
    };
  });
}

/** Every flag's value, as the SPA reads them. */
export async function flagValues(): Promise<FeatureFlags> {
  const flags = await listFlags();
  return Object.fromEntries(flags.map((f) => [f.name, f.enabled])) as FeatureFlags;
}

/** Set a flag; `updatedBy` names the staff member, so the flags screen shows who changed it. */
export async function setFlag(
  name: FeatureFlagName,
  enabled: boolean,
  updatedBy: string,
  now = new Date(),
): Promise<FeatureFlagState> {
  const state: FeatureFlagState = { name, enabled, updatedAt: now.toISOString(), updatedBy };
  await putFlag(state);
  return state;
}
