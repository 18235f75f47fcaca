import { createRoot } from 'react-dom/client';
import { App, startLoading } from './app/App.tsx';
import { dropLegacyCredentials } from './state/rememberedSession.ts';
import { registerServiceWorker } from './app/serviceWorker.ts';
import { initI18n } from './i18n/index.ts';

dropLegacyCredentials();
const root = createRoot(document.getElementById('root')!);
// Requests go out in this order, and the browser runs six at a time: the language catalog and the
// page's code first, then the session with the fleet's lists (a large fleet's take the server a while).
const catalog = initI18n();
startLoading();
// first paint waits for the catalog, so no text flashes as a raw key
void catalog.finally(() => root.render(<App />));
registerServiceWorker();
