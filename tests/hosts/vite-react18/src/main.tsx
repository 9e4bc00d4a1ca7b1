import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configure } from 'storefront-elements';
import { App } from './App.tsx';

// The storefront's API (the snippet of docs/frameworks.md); the test passes its address in the URL.
configure({ apiBase: new URLSearchParams(location.search).get('api') ?? 'https://api.example.com/api/v2' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
