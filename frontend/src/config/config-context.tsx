import { createContext, type ReactNode, useContext } from 'react';
import type { RuntimeConfig } from '#shared/runtime-config';

const ConfigContext = createContext<RuntimeConfig | null>(null);

export function ConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <ConfigContext value={config}>{children}</ConfigContext>;
}

/** The validated runtime config (`/config.json`). */
export function useConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig() outside <ConfigProvider>');
  return config;
}
