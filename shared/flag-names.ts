/**
 * Feature flags: stored in the table (`pk=FLAG`), served to the SPA by `GET /api/flags` (public), changed
 * by staff holding `system:featureFlags`. A flag never written has its default.
 */
export const featureFlagDefaults = {
  /** Spec section 2: /cover-letter and its navigation exist only while this is on. */
  coverLetter: false,
} as const;

export type FeatureFlagName = keyof typeof featureFlagDefaults;
export const featureFlagNames = Object.keys(featureFlagDefaults) as FeatureFlagName[];
export type FeatureFlags = Record<FeatureFlagName, boolean>;

export function isFeatureFlagName(value: unknown): value is FeatureFlagName {
  return typeof value === 'string' && Object.hasOwn(featureFlagDefaults, value);
}
