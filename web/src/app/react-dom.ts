/**
 * React DOM's client, the app's biggest module: the boot script imports it on its own before the app, so the
 * two are evaluated in separate tasks (src/main.tsx); the app takes it from here.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
