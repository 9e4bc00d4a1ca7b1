import { createApp } from 'vue';
import App from './App.vue';

// The same app without the package in its bundle: index.html's script tag defines the elements.
createApp(App).mount('#app');
