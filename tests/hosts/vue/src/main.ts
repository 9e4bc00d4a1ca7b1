import { createApp } from 'vue';
import { configure } from 'storefront-elements/vue';
import App from './App.vue';

// The storefront's API (the snippet of docs/frameworks.md); the test passes its address in the URL.
configure({ apiBase: new URLSearchParams(location.search).get('api') ?? 'https://api.example.com/api/v2' });

createApp(App).mount('#app');
