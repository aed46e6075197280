import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { Loading } from './components/loading.tsx';
import { StartupError } from './components/startup-error.tsx';
import { configureAmplify } from './config/configure-amplify.ts';
import { loadRuntimeConfig } from './config/load-runtime-config.ts';
import { initI18n } from './i18n/index.ts';
import { initApiClient } from './lib/api-client.ts';
import './styles/app.css';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  await initI18n();
  const root = createRoot(container);
  root.render(<Loading />);

  // One build serves every stage: the stage's settings arrive at run time, and a bad file stops here.
  const result = await loadRuntimeConfig();
  if (!result.ok) {
    root.render(<StartupError failure={result} />);
    return;
  }
  configureAmplify(result.config);
  initApiClient({ baseUrl: result.config.apiUrl });
  root.render(
    <StrictMode>
      <App config={result.config} />
    </StrictMode>,
  );
}

void start();
