import { createRoot } from 'react-dom/client';
import { App, startLoading } from './app/App.tsx';
import { registerServiceWorker } from './app/serviceWorker.ts';
import { initI18n } from './i18n/index.ts';

const root = createRoot(document.getElementById('root')!);
startLoading();
// first paint waits for the catalog, so no text flashes as a raw key
initI18n().finally(() => root.render(<App />));
registerServiceWorker();
