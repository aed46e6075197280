import { z } from 'zod';

export {
  type FeatureFlagName,
  type FeatureFlags,
  featureFlagDefaults,
  featureFlagNames,
  isFeatureFlagName,
} from './flag-names.ts';

import type { FeatureFlagName } from './flag-names.ts';

/** `GET /api/admin/flags` → `{ data: FeatureFlagState[] }`. */
export interface FeatureFlagState {
  name: FeatureFlagName;
  enabled: boolean;
  /** Absent for a flag still at its default. */
  updatedAt?: string;
  updatedBy?: string;
}

/** `PUT /api/admin/flags/{flag}`. */
export const setFeatureFlagSchema = z.strictObject({ enabled: z.boolean() });
